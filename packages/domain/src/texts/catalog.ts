/** Catalogs and the transportation type check. Part of the MESSAGES catalogue (messages.ts). */
export const CATALOG_TEXTS = {
  noSubdivisionIn: 'Нет подразделения с этим видом перевозки в городе',
  distanceBelowMinimum: 'Расстояние меньше минимального для этого вида перевозки',
  distanceAboveMaximum: 'Расстояние больше максимального для этого вида перевозки',
} as const;
