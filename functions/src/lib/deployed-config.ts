/** What a deployed function answers while it runs with test-only settings. */
export const MISCONFIGURED_MESSAGE = 'The service is misconfigured and cannot serve requests.';

type Variables = Record<string, string | undefined>;

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** Cloud Run (and so Cloud Functions 2nd gen) sets K_SERVICE; the Functions emulator does too. */
export function runsDeployed(source: Variables): boolean {
  return isSet(source.K_SERVICE) && source.FUNCTIONS_EMULATOR !== 'true';
}

/**
 * The settings that only local runs and tests may use, each with why, found in a deployed
 * function's variables: a Gemini stand-in, images on local disk, any emulator. Empty when the
 * function is not deployed or none is set.
 */
export function testOnlySettings(source: Variables): string[] {
  if (!runsDeployed(source)) return [];
  const found: string[] = [];
  if (isSet(source.GOOGLE_GEMINI_BASE_URL)) {
    found.push('GOOGLE_GEMINI_BASE_URL is set (Gemini calls would go to a stand-in)');
  }
  if (source.IMAGE_STORE?.trim() === 'local') {
    found.push('IMAGE_STORE is local (images would live on an instance disk)');
  }
  for (const name of Object.keys(source).sort()) {
    if (name.endsWith('_EMULATOR_HOST') && isSet(source[name])) {
      found.push(`${name} is set (an emulator instead of the real service)`);
    }
  }
  return found;
}

/** The log line naming why a deployed function refuses to serve. */
export const refusalLogLine = (settings: string[]) =>
  `Refusing to serve: deployed with test-only settings: ${settings.join('; ')}`;
