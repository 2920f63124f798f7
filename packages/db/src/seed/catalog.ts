/** Catalogs of the demo carrier, written by us. Prices are integer kopecks. */

export const PACKAGE_SEED = [
  {
    code: 'stretch',
    name: 'Стрейч-плёнка',
    description: 'Обмотка места в несколько слоёв: защищает от пыли, влаги и вскрытия.',
    priceKopecks: 15_000,
    priceUnit: 'place',
  },
  {
    code: 'bag',
    name: 'Мешок',
    description: 'Плотный полипропиленовый мешок с пломбой для мягких и небольших грузов до 30 кг.',
    priceKopecks: 12_000,
    priceUnit: 'place',
  },
  {
    code: 'box',
    name: 'Коробка',
    description: 'Картонная коробка из пятислойного гофрокартона, размеры подбираем на терминале.',
    priceKopecks: 25_000,
    priceUnit: 'place',
  },
  {
    code: 'crate',
    name: 'Жёсткая упаковка (обрешётка)',
    description: 'Деревянный каркас из доски для хрупких грузов, оборудования и мебели.',
    priceKopecks: 180_000,
    priceUnit: 'm3',
  },
  {
    code: 'pallet_board',
    name: 'Паллетный борт',
    description: 'Сборные деревянные борта на поддоне: груз не сминается при перегрузке.',
    priceKopecks: 120_000,
    priceUnit: 'place',
  },
  {
    code: 'pallet',
    name: 'Паллетирование',
    description: 'Укладка мест на поддон с обмоткой стрейч-плёнкой и стяжкой лентой.',
    priceKopecks: 90_000,
    priceUnit: 'place',
  },
  {
    code: 'bubble',
    name: 'Воздушно-пузырчатая плёнка',
    description: 'Дополнительная защита для стекла, электроники и деталей с покрытием.',
    priceKopecks: 20_000,
    priceUnit: 'place',
  },
] as const;

export const CARGO_TYPE_SEED = [
  {
    code: 'general',
    name: 'Сборный груз',
    description: 'Товары в коробках, мешках и на паллетах без особых условий перевозки.',
    requiresHardPackaging: false,
  },
  {
    code: 'documents',
    name: 'Документы',
    description: 'Пакет документов до 2 кг в конверте 31 × 25 × 1 см.',
    requiresHardPackaging: false,
  },
  {
    code: 'fragile',
    name: 'Хрупкий груз',
    description: 'Стекло, керамика, зеркала, посуда. Перевозим только в жёсткой упаковке.',
    requiresHardPackaging: true,
  },
  {
    code: 'equipment',
    name: 'Оборудование и техника',
    description: 'Станки, бытовая и офисная техника, электроника в заводской упаковке.',
    requiresHardPackaging: true,
  },
  {
    code: 'furniture',
    name: 'Мебель',
    description: 'Корпусная и мягкая мебель в разобранном или упакованном виде.',
    requiresHardPackaging: false,
  },
  {
    code: 'auto_parts',
    name: 'Автозапчасти',
    description: 'Детали, шины и диски; масла и жидкости — только в заводской таре.',
    requiresHardPackaging: false,
  },
  {
    code: 'construction',
    name: 'Стройматериалы',
    description: 'Сухие смеси, плитка, отделочные материалы на поддонах.',
    requiresHardPackaging: false,
  },
  {
    code: 'oversized',
    name: 'Негабаритный груз',
    description: 'Место длиннее 3 м, тяжелее 1000 кг или выше 2,2 м: погрузка краном или погрузчиком.',
    requiresHardPackaging: false,
  },
] as const;

export const TRANSPORTATION_TYPE_SEED = [
  {
    code: 'auto',
    name: 'Автоперевозка',
    description:
      'Сборный груз между терминалами по регулярному расписанию рейсов. Самый выгодный способ для большинства направлений.',
    minDistanceKm: null,
    maxDistanceKm: null,
  },
  {
    code: 'express',
    name: 'Экспресс',
    description:
      'Отдельный рейс без промежуточных перегрузок: быстрее автоперевозки на 30–50 %. На расстояние до 2 500 км.',
    minDistanceKm: null,
    maxDistanceKm: 2500,
  },
  {
    code: 'rail',
    name: 'Железнодорожная перевозка',
    description: 'Контейнерная отправка по железной дороге для тяжёлых грузов на дальние расстояния, от 1 500 км.',
    minDistanceKm: 1500,
    maxDistanceKm: null,
  },
  {
    code: 'avia',
    name: 'Авиадоставка',
    description: 'Срочная доставка самолётом, в том числе на Сахалин, Камчатку и в Магадан. От 500 км.',
    minDistanceKm: 500,
    maxDistanceKm: null,
  },
] as const;

export const ADDITIONAL_SERVICE_SEED = [
  {
    code: 'pickup',
    name: 'Забор груза от двери',
    description: 'Водитель заберёт груз по адресу отправителя в выбранный интервал времени.',
    category: 'delivery',
    priceKopecks: 90_000,
    priceUnit: 'order',
  },
  {
    code: 'delivery',
    name: 'Доставка до двери',
    description: 'Привезём груз получателю по адресу, предварительно согласовав время по телефону.',
    category: 'delivery',
    priceKopecks: 90_000,
    priceUnit: 'order',
  },
  {
    code: 'loading',
    name: 'Погрузка и разгрузка',
    description: 'Погрузочно-разгрузочные работы силами водителя-экспедитора или грузчиков.',
    category: 'loading',
    priceKopecks: 500,
    priceUnit: 'kg',
  },
  {
    code: 'floor_lift',
    name: 'Подъём на этаж',
    description: 'Подъём груза на этаж без лифта; с лифтом — по цене одного этажа.',
    category: 'loading',
    priceKopecks: 15_000,
    priceUnit: 'floor',
  },
  {
    code: 'tail_lift',
    name: 'Автомобиль с гидробортом',
    description: 'Для тяжёлых мест, когда на адресе нет погрузчика и рампы.',
    category: 'loading',
    priceKopecks: 120_000,
    priceUnit: 'order',
  },
  {
    code: 'insurance',
    name: 'Страхование груза',
    description: 'Страхование по объявленной стоимости; тариф — 0,3 % от суммы, не меньше 100 ₽.',
    category: 'insurance',
    priceKopecks: 30,
    priceUnit: 'percent',
  },
  {
    code: 'documents_return',
    name: 'Возврат сопроводительных документов',
    description: 'Вернём отправителю подписанные получателем накладные и акты.',
    category: 'documents',
    priceKopecks: 35_000,
    priceUnit: 'order',
  },
  {
    code: 'sms',
    name: 'SMS-уведомления получателю',
    description: 'Получатель узнает о прибытии груза и коде выдачи из SMS.',
    category: 'documents',
    priceKopecks: 0,
    priceUnit: 'order',
  },
  {
    code: 'storage',
    name: 'Хранение на терминале',
    description: 'Первые 3 рабочих дня бесплатно, далее — за каждые сутки за место.',
    category: 'storage',
    priceKopecks: 5_000,
    priceUnit: 'day',
  },
] as const;
