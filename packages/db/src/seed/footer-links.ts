import type { FooterCategory } from '@freight/domain';

export interface FooterLinkSeed {
  category: FooterCategory;
  name: string;
  url: string;
}

/**
 * Footer links of the demo carrier. Relative urls become `/{url}` on our site; absolute ones open
 * in a new tab. Order within a category is the order here.
 */
export const FOOTER_LINK_SEED: readonly FooterLinkSeed[] = [
  { category: 1, name: 'О компании', url: 'about' },
  { category: 1, name: 'Адреса и контакты', url: 'offices' },
  { category: 1, name: 'Новости и события', url: 'news' },
  { category: 2, name: 'Политика обработки персональных данных', url: 'docs-n-policies' },
  { category: 2, name: 'Политика использования cookie', url: 'docs-n-policies#cookies' },
  {
    category: 2,
    name: 'Закон о транспортно-экспедиционной деятельности',
    url: 'https://www.consultant.ru/document/cons_doc_LAW_28010/',
  },
  {
    category: 2,
    name: 'Устав автомобильного транспорта',
    url: 'https://www.consultant.ru/document/cons_doc_LAW_74376/',
  },
  { category: 3, name: 'Расчёт стоимости перевозки', url: 'calculator' },
  { category: 3, name: 'Оформить заявку', url: 'order' },
  { category: 3, name: 'Отследить груз', url: 'tracking' },
  { category: 4, name: 'Личный кабинет', url: 'personal-account' },
  { category: 4, name: 'Вход и регистрация', url: 'auth/sign-in' },
  { category: 4, name: 'API для интеграции', url: 'api/docs' },
  { category: 5, name: 'Telegram-канал «Магистрали»', url: 'https://t.me/magistral_cargo' },
  { category: 5, name: 'Мы во ВКонтакте', url: 'https://vk.com/magistral_cargo' },
];
