import { describeWeeklySchedule, formatOpenState, getOpenState, MESSAGES, PD_CONSENT } from '@freight/domain';
import type {
  AddressSuggestion,
  AddressSuggestionsResponse,
  City,
  CountryMap,
  Subdivision,
  SubdivisionParameter,
  SubdivisionSearchQuery,
} from '@freight/contracts';
import { OPERATIONS, PAYMENT_METHODS, TRANSPORT_TYPE_CODES } from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { recordConsent } from '../consents/consent.service';
import { fromDadataAddress, type SuggestionProvider } from './dadata';
import {
  countSubdivisionsByCity,
  findCities,
  findCityByRef,
  findStreets,
  findSubdivisions,
  insertIframeRequest,
  type CityRow,
  type SubdivisionRow,
} from './locations.repository';
import { selectOffices, type NetworkCache, type NetworkFilter } from './network-snapshot';

export function toCity(row: CityRow): City {
  return {
    id: row.id,
    fias_id: row.fiasId,
    kladr_id: row.kladrId,
    name: row.name,
    region: row.region,
    region_code: row.regionCode,
    federal_district: row.federalDistrict,
    lat: row.lat,
    lon: row.lon,
    timezone: row.timezone,
    population: row.population,
    subdivisions_count: row.subdivisionsCount,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A subdivision as the API shows it, with its state at `now` on its own city's clock. */
export function toSubdivision(row: SubdivisionRow, now: Date, distance: number | null = null): Subdivision {
  const state = getOpenState(row.schedule, now, row.city.timezone);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as Subdivision['kind'],
    name: row.name,
    city: {
      id: row.city.id,
      fias_id: row.city.fiasId,
      name: row.city.name,
      region: row.city.region,
      timezone: row.city.timezone,
    },
    address: row.address,
    lat: row.lat,
    lon: row.lon,
    phone: row.phone,
    email: row.email,
    schedule: {
      weekly: row.schedule.weekly,
      holiday_mode: row.schedule.holidayMode,
      exceptions: row.schedule.exceptions,
      lines: describeWeeklySchedule(row.schedule.weekly),
    },
    open_state: {
      is_open: state.kind === 'open',
      text: formatOpenState(state),
      at: now.toISOString(),
    },
    operations: row.operations as Subdivision['operations'],
    payment_methods: row.paymentMethods as Subdivision['payment_methods'],
    transport_types: row.transportTypes as Subdivision['transport_types'],
    limits: {
      max_weight_per_place_kg: row.maxWeightPerPlaceKg,
      max_length_cm: row.maxLengthCm,
      max_width_cm: row.maxWidthCm,
      max_height_cm: row.maxHeightCm,
      max_total_weight_kg: row.maxTotalWeightKg,
    },
    directions: row.directions,
    is_partner: row.isPartner,
    distance_km: distance === null ? null : round1(distance),
  };
}

export async function listCities(db: Database, query: { with_subd_only: boolean; city_name?: string | undefined }) {
  const rows = await findCities(db, {
    withSubdivisionsOnly: query.with_subd_only,
    ...(query.city_name ? { namePart: query.city_name, limit: 20 } : {}),
  });
  return rows.map(toCity);
}

export async function listPopularCities(db: Database) {
  const rows = await findCities(db, { popularOnly: true });
  return rows.map((row) => ({ ...toCity(row), rank: row.popularRank ?? 0 }));
}

export async function getCountryMap(db: Database): Promise<CountryMap> {
  // Counted by the database: reading every office of a large network only to count them is slow.
  const [rows, counts] = await Promise.all([
    findCities(db, { withSubdivisionsOnly: true }),
    countSubdivisionsByCity(db),
  ]);
  const terminalCities = new Set(counts.filter((c) => c.terminals > 0).map((c) => c.cityId));
  const sum = (pick: (c: (typeof counts)[number]) => number) => counts.reduce((total, c) => total + pick(c), 0);
  return {
    totals: {
      cities: rows.length,
      subdivisions: sum((c) => c.total),
      terminals: sum((c) => c.terminals),
      partner_points: sum((c) => c.partnerPoints),
      regions: new Set(rows.map((r) => r.regionCode)).size,
      federal_districts: new Set(rows.map((r) => r.federalDistrict)).size,
    },
    cities: rows.map((r) => ({
      id: r.id,
      fias_id: r.fiasId,
      name: r.name,
      region: r.region,
      federal_district: r.federalDistrict,
      lat: r.lat,
      lon: r.lon,
      subdivisions_count: r.subdivisionsCount,
      has_terminal: terminalCities.has(r.id),
    })),
  };
}

export async function listSubdivisions(
  db: Database,
  query: { subdivision_code?: string | undefined; subdivision_name?: string | undefined },
  now: Date,
) {
  const rows = await findSubdivisions(db, {
    ...(query.subdivision_code ? { code: query.subdivision_code } : {}),
    ...(query.subdivision_name ? { text: query.subdivision_name } : {}),
  });
  if (query.subdivision_code && rows.length === 0) {
    throw new AppError('NOT_FOUND', 404, MESSAGES.offices.notFound);
  }
  return rows.map((row) => toSubdivision(row, now));
}

export async function listSubdivisionsByCityName(db: Database, cityName: string, now: Date) {
  const [city] = await findCities(db, { exactName: cityName, limit: 1 });
  if (!city) throw new AppError('NOT_FOUND', 404, MESSAGES.offices.cityNotFound);
  const rows = await findSubdivisions(db, { cityId: city.id });
  return rows.map((row) => toSubdivision(row, now));
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * Subdivision search of the offices page and the map: text in the name, address or city; every
 * `parameters` value must hold; optional partner flag, city, kind and open now. With a point, the
 * nearest come first and carry their distance. With `limit`, one page of `limit` after `skip`;
 * `total` is the number of all that match. Answered from the network snapshot
 * (network-snapshot.ts), so a page costs no database query, however large the network, unless the
 * snapshot is being read or the city asked for has no office in it; `maxAgeSeconds` is how long
 * the answer may be kept (the rest of the snapshot's time).
 */
export async function searchSubdivisions(
  db: Database,
  networkCache: NetworkCache,
  query: SubdivisionSearchQuery,
  now: Date,
): Promise<{ items: Subdivision[]; total: number; maxAgeSeconds: number }> {
  const parameters: SubdivisionParameter[] = query.parameters ?? [];
  const filter: NetworkFilter = {
    operations: parameters.filter((p) => isOneOf(OPERATIONS, p)),
    paymentMethods: parameters.filter((p) => isOneOf(PAYMENT_METHODS, p)),
    transportTypes: parameters.filter((p) => isOneOf(TRANSPORT_TYPE_CODES, p)),
  };
  if (query.name) filter.text = query.name;
  if (query.is_partner !== undefined) filter.isPartner = query.is_partner;
  if (query.kind) filter.kind = query.kind;
  const network = await networkCache.get();
  if (query.city_id) {
    const ref = query.city_id;
    const byId = /^\d+$/.test(ref);
    const known = network.rows.find((row) => (byId ? row.city.id === Number(ref) : row.city.fiasId === ref));
    // A city with no office of the network: an empty list if it exists, 404 if it does not.
    const city = known ? known.city : await findCityByRef(db, ref);
    if (!city) throw new AppError('NOT_FOUND', 404, MESSAGES.offices.cityNotFound);
    filter.cityId = city.id;
  }
  const point =
    query.near_lat === undefined || query.near_lon === undefined
      ? undefined
      : { lat: query.near_lat, lon: query.near_lon };
  // Being open depends on each office's schedule, exceptions and city clock, judged at `now`.
  const found = selectOffices(network, filter, {
    ...(point ? { near: point } : {}),
    ...(query.open_now ? { now } : {}),
  });
  // Without `limit` the answer is the whole list (the contract's rule; `skip` alone cuts nothing).
  const skip = query.skip ?? 0;
  const page = query.limit !== undefined ? found.slice(skip, skip + query.limit) : found;
  return {
    items: page.map(({ row, distance }) => toSubdivision(row, now, distance)),
    total: found.length,
    maxAgeSeconds: networkCache.maxAgeSeconds(network),
  };
}

export async function getSubdivision(db: Database, id: number, now: Date) {
  const [row] = await findSubdivisions(db, { id });
  if (!row) throw new AppError('NOT_FOUND', 404, MESSAGES.offices.notFound);
  return toSubdivision(row, now);
}

export async function getCityWithSubdivisions(db: Database, ref: string, now: Date) {
  const city = await findCityByRef(db, ref);
  if (!city) throw new AppError('NOT_FOUND', 404, MESSAGES.offices.cityNotFound);
  const rows = await findSubdivisions(db, { cityId: city.id });
  return { ...toCity(city), subdivisions: rows.map((row) => toSubdivision(row, now)) };
}

export async function listDeliveryCities(db: Database, name: string) {
  const rows = await findCities(db, { namePart: name, withSubdivisionsOnly: true, limit: 20 });
  return rows.map(toCity);
}

// --- Address suggestions -------------------------------------------------------------------

/** Street type words as people type them, to the FIAS abbreviation our streets carry. */
const STREET_TYPE_WORDS: Record<string, string> = {
  ул: 'ул',
  улица: 'ул',
  пр: 'пр-кт',
  'пр-кт': 'пр-кт',
  'пр-т': 'пр-кт',
  просп: 'пр-кт',
  проспект: 'пр-кт',
  ш: 'ш',
  шоссе: 'ш',
  пер: 'пер',
  переулок: 'пер',
  проезд: 'проезд',
  'пр-д': 'проезд',
  наб: 'наб',
  набережная: 'наб',
  'б-р': 'б-р',
  бул: 'б-р',
  бульвар: 'б-р',
  пл: 'пл',
  площадь: 'пл',
};
const TYPE_WORDS = new Set([
  ...Object.keys(STREET_TYPE_WORDS),
  'г',
  'город',
  'д',
  'дом',
  'обл',
  'область',
  'респ',
  'республика',
  'край',
  'стр',
  'строение',
  'корп',
  'корпус',
]);
const HOUSE = /^\d+[а-я]?(\/\d+[а-я]?)?$/;

/** Short names people type for a city, as its name's words. */
const CITY_ALIASES: Record<string, string[]> = {
  спб: ['санкт', 'петербург'],
  питер: ['санкт', 'петербург'],
  мск: ['москва'],
  екб: ['екатеринбург'],
};

/** Lower case, ё → е, punctuation to spaces. */
const simplify = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[,.;:()«»"№]/g, ' ');

/** The words of a name as the index compares them: simplified, hyphens split («Ростов-на-Дону» → ростов на дону). */
const nameWords = (name: string) =>
  simplify(name)
    .split(/[\s-]+/)
    .filter(Boolean);

/**
 * The words of an address as typed: simplified, type words dropped, hyphenated words split, a
 * city's short name («спб», «мск») spelt out; and the street type it names, if any («проспект» → пр-кт).
 */
function parseAddressWords(text: string): { words: string[]; streetType: string | null } {
  const raw = simplify(text).split(/\s+/).filter(Boolean);
  const streetType = raw.map((w) => STREET_TYPE_WORDS[w]).find((t) => t !== undefined) ?? null;
  const words = raw.filter((w) => !TYPE_WORDS.has(w)).flatMap((w) => CITY_ALIASES[w] ?? w.split('-').filter(Boolean));
  return { words, streetType };
}

/** Where `phrase` stands in `words` as whole words, or -1. */
function phraseAt(words: string[], phrase: string[]): number {
  for (let i = 0; i + phrase.length <= words.length; i += 1) {
    if (phrase.every((w, j) => words[i + j] === w)) return i;
  }
  return -1;
}

const STREET_TYPE_LABEL: Record<string, string> = {
  ул: 'ул',
  ш: 'ш',
  'пр-кт': 'пр-кт',
  проезд: 'проезд',
  пер: 'пер',
  наб: 'наб',
  'б-р': 'б-р',
  пл: 'пл',
};
/** With no type typed, a street before an avenue before a highway… («Москва Тверская» is the street). */
const STREET_TYPE_ORDER = ['ул', 'пр-кт', 'ш', 'пл', 'б-р', 'наб', 'пер', 'проезд'];

function citySuggestion(city: CityRow): AddressSuggestion {
  const value = `г ${city.name}`;
  return {
    value,
    unrestricted_value: city.region.startsWith('г. ') ? value : `${city.region}, ${value}`,
    data: {
      region_with_type: city.region,
      city: city.name,
      city_with_type: value,
      city_fias_id: city.fiasId,
      city_id: city.id,
      street: null,
      street_with_type: null,
      house: null,
      fias_level: city.region.startsWith('г. ') ? '1' : '4',
      geo_lat: String(city.lat),
      geo_lon: String(city.lon),
      postal_code: null,
    },
  };
}

function streetSuggestion(
  city: CityRow,
  street: { type: string; name: string; lat: number | null; lon: number | null; postalCode: string | null },
  house: string | null,
): AddressSuggestion {
  const streetWithType = `${STREET_TYPE_LABEL[street.type] ?? street.type} ${street.name}`;
  const value = `г ${city.name}, ${streetWithType}${house ? `, д ${house}` : ''}`;
  return {
    value,
    unrestricted_value: city.region.startsWith('г. ') ? value : `${city.region}, ${value}`,
    data: {
      region_with_type: city.region,
      city: city.name,
      city_with_type: `г ${city.name}`,
      city_fias_id: city.fiasId,
      city_id: city.id,
      street: street.name,
      street_with_type: streetWithType,
      house,
      fias_level: house ? '8' : '7',
      geo_lat: String(street.lat ?? city.lat),
      geo_lon: String(street.lon ?? city.lon),
      postal_code: street.postalCode,
    },
  };
}

/** How many streets the index fetches before ranking them; far more than any one query matches. */
const STREET_CANDIDATES = 200;

/**
 * Best match first: the street's whole name typed («Арбат» before «Новый Арбат»), then every word
 * a whole word of the name, then every word the start of one, then anywhere in it; then the type
 * typed (or a street before an avenue…), then the bigger city, then the shorter name.
 */
function streetRank(
  street: { type: string; name: string },
  city: CityRow | undefined,
  words: string[],
  streetType: string | null,
): number[] {
  const name = nameWords(street.name);
  const nameScore =
    name.join(' ') === words.join(' ')
      ? 0
      : words.every((w) => name.includes(w))
        ? 1
        : words.every((w) => name.some((n) => n.startsWith(w)))
          ? 2
          : 3;
  const typeOrder = STREET_TYPE_ORDER.indexOf(street.type);
  const typeScore = streetType
    ? street.type === streetType
      ? 0
      : 1
    : typeOrder === -1
      ? STREET_TYPE_ORDER.length
      : typeOrder;
  return [nameScore, typeScore, -(city?.population ?? 0), street.name.length];
}

const byRank = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
};

/**
 * Our own address index: the cities in the database and the streets we know in them. Finds the
 * city named anywhere in the text (the longest name wins: «Нижний Новгород» before «Новгород»; its
 * region written before it is dropped), then the streets of it holding every remaining word, best match
 * first; with no city named, the streets of every city, the biggest city first among equals. A
 * number ending the street part is the house. Case, ё/е, punctuation and type words
 * («ул.», «проспект») do not matter; a type word typed prefers that type.
 */
export async function suggestAddressLocally(db: Database, text: string, fullOnly: boolean, limit = 10) {
  const { words, streetType } = parseAddressWords(text);
  const allCities = await findCities(db, {});

  let city: CityRow | undefined;
  let cityAt = -1;
  let cityLength = 0;
  for (const candidate of allCities) {
    const phrase = nameWords(candidate.name);
    const at = phraseAt(words, phrase);
    if (at === -1) continue;
    const better =
      !city ||
      phrase.length > cityLength ||
      (phrase.length === cityLength && candidate.name.length > city.name.length) ||
      (phrase.length === cityLength &&
        candidate.name.length === city.name.length &&
        (candidate.population ?? 0) > (city.population ?? 0));
    if (better) {
      city = candidate;
      cityAt = at;
      cityLength = phrase.length;
    }
  }

  let rest = words;
  if (city) {
    // The region is dropped only before the city («Самарская обл., г. Самара»): after it, the
    // same words are a street («Самара, ул. Самарская»).
    const before = words.slice(0, cityAt);
    const region = parseAddressWords(city.region).words;
    const regionAt = phraseAt(before, region);
    if (regionAt !== -1) before.splice(regionAt, region.length);
    rest = [...before, ...words.slice(cityAt + cityLength)];
  }
  const last = rest.at(-1);
  const house = last && HOUSE.test(last) && (rest.length > 1 || city) ? last : null;
  const streetWords = house ? rest.slice(0, -1) : rest;

  const suggestions: AddressSuggestion[] = [];
  const cityById = new Map(allCities.map((c) => [c.id, c]));
  const addStreets = async (cityIds: number[] | undefined) => {
    const found = await findStreets(db, streetWords, cityIds, STREET_CANDIDATES);
    const ranked = found
      .map((s) => ({ s, c: cityById.get(s.cityId) }))
      .map(({ s, c }) => ({ s, c, rank: streetRank(s, c, streetWords, streetType) }))
      .sort((a, b) => byRank(a.rank, b.rank) || a.s.name.localeCompare(b.s.name, 'ru'));
    for (const { s, c } of ranked) if (c) suggestions.push(streetSuggestion(c, s, house));
  };

  if (city) {
    if (streetWords.length > 0) await addStreets([city.id]);
    // A street we do not know in a city we do: the city itself, so a search near it still works.
    if (suggestions.length === 0) suggestions.push(citySuggestion(city));
  } else if (streetWords.length > 0) {
    const prefix = streetWords.join(' ');
    const byPrefix = allCities.filter((c) => nameWords(c.name).join(' ').startsWith(prefix)).slice(0, limit);
    for (const c of byPrefix) suggestions.push(citySuggestion(c));
    await addStreets(undefined);
  }
  return suggestions.filter((s) => !fullOnly || s.data.house !== null).slice(0, limit);
}

/**
 * Address suggestions for `text` (the city and what was typed). DaData when configured; on any
 * failure of DaData, and when it is not configured, our own index answers.
 */
export async function suggestAddress(
  db: Database,
  provider: SuggestionProvider | null,
  text: string,
  fullOnly: boolean,
  onFallback: (error: unknown) => void = () => {},
): Promise<AddressSuggestionsResponse> {
  if (provider) {
    try {
      const raw = await provider.suggestAddress(text, { count: 10 });
      const names = [...new Set(raw.map((s) => s.data?.city).filter((v): v is string => typeof v === 'string'))];
      const ours = names.length ? await findCities(db, { limit: 5000 }) : [];
      const byFias = new Map(ours.filter((c) => c.fiasId).map((c) => [c.fiasId!, c.id]));
      const byName = new Map(ours.map((c) => [c.name.toLowerCase(), c.id]));
      const suggestions = raw
        .map((s) => {
          const fias = typeof s.data?.city_fias_id === 'string' ? s.data.city_fias_id : null;
          const name = typeof s.data?.city === 'string' ? s.data.city.toLowerCase() : null;
          const cityId = (fias ? byFias.get(fias) : undefined) ?? (name ? byName.get(name) : undefined) ?? null;
          return fromDadataAddress(s, cityId);
        })
        .filter((s) => !fullOnly || s.data.house !== null);
      return { suggestions, source: 'dadata' };
    } catch (error) {
      onFallback(error);
    }
  }
  return { suggestions: await suggestAddressLocally(db, text, fullOnly), source: 'local' };
}

/**
 * Counterparty lookup (duty_clients/client_selection): companies and entrepreneurs by name, ИНН
 * or ОГРН through DaData. Without DaData, or when it fails, there is no company register to
 * search, and the answer is an empty list marked `local`.
 */
export async function selectClient(
  provider: SuggestionProvider | null,
  value: string,
  onFallback: (e: unknown) => void,
) {
  if (provider) {
    try {
      const raw = await provider.suggestParty(value, { count: 10 });
      return {
        source: 'dadata' as const,
        suggestions: raw.map((s) => ({
          value: s.value,
          inn: s.data?.inn ?? null,
          kpp: s.data?.kpp ?? null,
          ogrn: s.data?.ogrn ?? null,
          type: s.data?.type ?? null,
          address: s.data?.address?.value ?? null,
          status: s.data?.state?.status ?? null,
        })),
      };
    } catch (error) {
      onFallback(error);
    }
  }
  return { source: 'local' as const, suggestions: [] };
}

/**
 * A partner site asks for the embeddable widget: the request is stored (the carrier allows the
 * origin to frame the widget) and the embed code is returned. A contact is someone's personal
 * data: it comes with the consent (IframeRequestSchema refuses it without), recorded in the same
 * transaction and linked from the request; a request without a contact records none.
 */
export async function requestIframe(
  db: Database,
  input: { site_url: string; widget: 'calculator' | 'tracking'; contact?: string | undefined },
  context: {
    sessionId: string | null;
    userId: number | null;
    ip: string | null;
    userAgent: string | null;
    publicOrigin: string;
  },
) {
  const origin = new URL(input.site_url).origin;
  const contact = input.contact || null;
  const row = await db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Database;
    const consentId = contact
      ? await recordConsent(tx, {
          document: PD_CONSENT,
          channel: 'duty_iframe',
          sessionId: context.sessionId,
          userId: context.userId,
          ip: context.ip,
          userAgent: context.userAgent,
        })
      : null;
    return insertIframeRequest(tx, {
      sessionId: context.sessionId,
      siteUrl: input.site_url,
      origin,
      widget: input.widget,
      contact,
      consentId,
    });
  });
  const widgetUrl = `${context.publicOrigin}/widgets/${input.widget}?partner=${row.id}`;
  const title = input.widget === 'calculator' ? 'Калькулятор доставки «Магистраль»' : 'Отслеживание груза «Магистраль»';
  return {
    id: row.id,
    widget_url: widgetUrl,
    code: `<iframe src="${widgetUrl}" title="${title}" width="100%" height="560" style="border:0" loading="lazy"></iframe>`,
  };
}
