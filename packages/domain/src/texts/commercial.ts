/** Texts (discounts, offers, the personal manager and its rating; issue 16). Part of MESSAGES. */
export const COMMERCIAL_TEXTS = {
  offerNotFound: 'Предложение не найдено',
  offerExpired: 'Срок действия предложения истёк',
  offerOnlyForCompany: 'Предложения принимает владелец или администратор профиля компании',
  managerNotFound: 'Менеджер не найден',
  ratingInvalid: 'Поставьте оценку от 1 до 5',
  ratingCommentTooLong: 'Комментарий — не длиннее 1000 символов',
  ratedThisMonth: 'Вы уже оценили менеджера в этом месяце. Следующая оценка — с 1-го числа',
} as const;
