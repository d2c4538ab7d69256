/**
 * BCP 47 primary tags of the languages authors name in a course's settings, by lower-case name
 * (in English and in the language itself).
 */
const TAGS: Readonly<Record<string, string>> = {
  english: 'en',
  spanish: 'es',
  español: 'es',
  castellano: 'es',
  french: 'fr',
  français: 'fr',
  francais: 'fr',
  german: 'de',
  deutsch: 'de',
  italian: 'it',
  italiano: 'it',
  portuguese: 'pt',
  português: 'pt',
  portugues: 'pt',
  dutch: 'nl',
  nederlands: 'nl',
  polish: 'pl',
  polski: 'pl',
  swedish: 'sv',
  svenska: 'sv',
  danish: 'da',
  dansk: 'da',
  norwegian: 'no',
  norsk: 'no',
  finnish: 'fi',
  suomi: 'fi',
  czech: 'cs',
  čeština: 'cs',
  greek: 'el',
  ελληνικά: 'el',
  turkish: 'tr',
  türkçe: 'tr',
  russian: 'ru',
  русский: 'ru',
  ukrainian: 'uk',
  українська: 'uk',
  romanian: 'ro',
  română: 'ro',
  hungarian: 'hu',
  magyar: 'hu',
  arabic: 'ar',
  العربية: 'ar',
  hebrew: 'he',
  עברית: 'he',
  hindi: 'hi',
  हिन्दी: 'hi',
  bengali: 'bn',
  japanese: 'ja',
  日本語: 'ja',
  chinese: 'zh',
  中文: 'zh',
  korean: 'ko',
  한국어: 'ko',
  indonesian: 'id',
  'bahasa indonesia': 'id',
  malay: 'ms',
  vietnamese: 'vi',
  'tiếng việt': 'vi',
  thai: 'th',
  catalan: 'ca',
  català: 'ca',
  swahili: 'sw',
  persian: 'fa',
  farsi: 'fa',
  urdu: 'ur',
  tagalog: 'tl',
  filipino: 'fil',
};

/** A tag as an author might type one: `pt-BR`, `zh-Hant`, `es`. */
const TAG_SHAPE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/**
 * The `<html lang>` of a course written in `language` (the free-text setting): the primary tag
 * of a known language name, the value itself when it already is a tag, else `en`. A region is
 * never guessed from a name ("Portuguese" is `pt`, not `pt-BR`).
 */
export function languageTag(language: string): string {
  const name = language.trim().toLowerCase().replace(/\s+/g, ' ');
  const known = TAGS[name];
  if (known) return known;
  if (TAG_SHAPE.test(name) && name.length <= 35) {
    const [primary = '', ...rest] = name.split('-');
    if (Object.values(TAGS).includes(primary)) {
      return [primary, ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join(
        '-',
      );
    }
  }
  return 'en';
}
