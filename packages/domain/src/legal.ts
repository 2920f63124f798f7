/**
 * Legal documents a visitor agrees to, versioned. A consent record stores the document's
 * type, version and the SHA-256 of exactly this text (152-FZ art. 9: the operator must be able
 * to prove what was agreed to). Changing a text means a new version, never an edit in place.
 */
export interface LegalDocument {
  type: 'pd_consent';
  version: string;
  title: string;
  text: string;
}

export const PD_CONSENT: LegalDocument = {
  type: 'pd_consent',
  version: '1.0',
  title: 'Согласие на обработку персональных данных',
  text:
    'Я, действуя свободно, своей волей и в своём интересе, даю ООО «Магистраль» согласие на обработку ' +
    'моих персональных данных: имени, номера телефона, адреса электронной почты и текста обращения — ' +
    'с целью ответа на моё обращение и оказания услуг по перевозке грузов. Согласие распространяется на ' +
    'сбор, запись, систематизацию, накопление, хранение, уточнение, извлечение, использование, ' +
    'блокирование, удаление и уничтожение персональных данных с использованием средств автоматизации и ' +
    'без них в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных». ' +
    'Согласие действует до достижения целей обработки или до его отзыва, который я могу направить ' +
    'оператору в письменной форме или по электронной почте.',
};
