import type { GenerateContentResponse, GoogleGenAI, Part } from '@google/genai';
import * as z from 'zod';
import { getEnv } from '../env';
import { HttpError } from '../http-error';
import { chargeAiCall } from './ai-budget';
import { currentAiDeadline } from './ai-deadline';

/** What the user reads when a generation fails (see docs/product.md). */
export const AI_MESSAGES = {
  noApiKey: 'You need to set your Google API key in your profile first.',
  keyRejected: 'Google did not accept your API key. Please check it in your profile.',
  quotaExhausted: 'Your Google API quota is used up for now. Please try again later.',
  timedOut: 'Gemini took too long to answer. Please try again.',
  invalidAnswer: 'Gemini did not give a usable answer. Please try again.',
  unavailable: 'Gemini is not available right now. Please try again.',
  lessonCutOff:
    'The lesson was cut off before it ended. Please try again or shorten the lesson length.',
  answerCutOff: "Gemini's answer was cut off. Please try again.",
  declined: 'Gemini declined to write this. Please rephrase the course or the instructions.',
} as const;

/** What the user reads when Gemini answers 429 with a retry delay for their key. */
export const geminiBusyMessage = (seconds: number): string =>
  `Gemini is busy for your key. Please try again in ${seconds} seconds.`;

/** One part of a multi-part prompt: text, or inline data such as a WAV recording in base64. */
export type PromptPart = { text: string } | { inlineData: { mimeType: string; data: string } };

/** What Gemini is asked: plain text, or parts (say, an instruction and a recording). */
export type Prompt = string | PromptPart[];

/** The SDK loads on the first AI request only, so other routes start without it. */
async function clientFor(apiKey: string): Promise<GoogleGenAI> {
  const { GoogleGenAI } = await import('@google/genai');
  const env = getEnv();
  return new GoogleGenAI({
    apiKey,
    httpOptions: {
      ...(env.GOOGLE_GEMINI_BASE_URL ? { baseUrl: env.GOOGLE_GEMINI_BASE_URL } : {}),
      timeout: env.GEMINI_TIMEOUT_MS,
    },
  });
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/** An abort by the client's timeout, which the SDK may wrap as the `cause` of its own error. */
function isTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'AbortError' || cause.name === 'TimeoutError') return true;
  }
  return false;
}

const retryInfoSchema = z.object({
  error: z.object({
    details: z.array(z.object({ '@type': z.string(), retryDelay: z.string().optional() })),
  }),
});

/**
 * The delay Gemini asks for before the next try, in whole seconds (rounded up), from the
 * RetryInfo detail of its error body, which the SDK's ApiError carries as its message.
 */
export function retryDelaySecondsOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(error.message);
  } catch {
    return undefined;
  }
  const parsed = retryInfoSchema.safeParse(body);
  const retryInfo = parsed.data?.error.details.find(
    (detail) => detail['@type'] === 'type.googleapis.com/google.rpc.RetryInfo',
  );
  const seconds = /^(\d+(?:\.\d+)?)s$/.exec(retryInfo?.retryDelay ?? '')?.[1];
  return seconds === undefined ? undefined : Math.max(1, Math.ceil(Number(seconds)));
}

/** Gemini's failures as answers the user can act on: which of key, quota or time it was. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const status = statusOf(error);
  if (status === 400 || status === 401 || status === 403) {
    return new HttpError(400, 'GEMINI_KEY_INVALID', AI_MESSAGES.keyRejected);
  }
  const retryAfter = status === 429 ? retryDelaySecondsOf(error) : undefined;
  if (retryAfter !== undefined) {
    return new HttpError(429, 'GEMINI_BUSY', geminiBusyMessage(retryAfter), {
      details: { retry_after_seconds: retryAfter },
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  if (status === 429) return new HttpError(429, 'GEMINI_UNAVAILABLE', AI_MESSAGES.quotaExhausted);
  if (isTimeout(error)) return new HttpError(504, 'GEMINI_UNAVAILABLE', AI_MESSAGES.timedOut);
  return new HttpError(502, 'GEMINI_UNAVAILABLE', AI_MESSAGES.unavailable);
}

/** Endings for which Gemini declined to answer: a safety or content filter stopped it. */
const DECLINED_ENDINGS: ReadonlySet<string> = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/**
 * The failure of an answer that ended early, whatever text it holds: cut off at the output limit
 * (said with `cutOffMessage`), or declined, the prompt blocked or the answer stopped by a filter.
 */
export function earlyEnding(
  response: Pick<GenerateContentResponse, 'candidates' | 'promptFeedback'>,
  cutOffMessage: string,
): HttpError | undefined {
  const reason: string | undefined = response.candidates?.[0]?.finishReason;
  if (response.promptFeedback?.blockReason || (reason && DECLINED_ENDINGS.has(reason))) {
    return new HttpError(422, 'GEMINI_DECLINED', AI_MESSAGES.declined);
  }
  if (reason === 'MAX_TOKENS') return new HttpError(502, 'GEMINI_CUT_OFF', cutOffMessage);
  return undefined;
}

/** A zod schema as the JSON Schema Gemini's `responseJsonSchema` takes. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const jsonSchema: Record<string, unknown> = { ...z.toJSONSchema(schema, { io: 'output' }) };
  delete jsonSchema.$schema;
  return jsonSchema;
}

function parseAnswer<Schema extends z.ZodType>(schema: Schema, text: string | undefined) {
  if (!text) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks Gemini for JSON in the shape of `schema` and validates what comes back; an answer that
 * does not validate is asked for once more (within the same deadline), then reported as a failure.
 * An answer that ended early fails at once.
 */
export async function generateJson<Schema extends z.ZodType>(
  apiKey: string,
  { prompt, schema }: { prompt: Prompt; schema: Schema },
): Promise<z.output<Schema>> {
  const ai = await clientFor(apiKey);
  const config = {
    responseMimeType: 'application/json',
    responseJsonSchema: responseJsonSchema(schema),
    abortSignal: currentAiDeadline(),
  };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let response: GenerateContentResponse;
    await chargeAiCall();
    try {
      response = await ai.models.generateContent({
        model: getEnv().GEMINI_TEXT_MODEL,
        contents: prompt,
        config,
      });
    } catch (error) {
      throw toHttpError(error);
    }
    const ending = earlyEnding(response, AI_MESSAGES.answerCutOff);
    if (ending) throw ending;
    const answer = parseAnswer(schema, response.text);
    if (answer !== undefined) return answer;
  }
  throw new HttpError(502, 'GEMINI_UNAVAILABLE', AI_MESSAGES.invalidAnswer);
}

/**
 * Streams Gemini's lesson chunk by chunk; a stream that ends early fails after the chunks it
 * gave, so the caller must not keep them.
 */
export async function* streamText(apiKey: string, prompt: Prompt): AsyncGenerator<string> {
  const ai = await clientFor(apiKey);
  let stream;
  await chargeAiCall();
  try {
    stream = await ai.models.generateContentStream({
      model: getEnv().GEMINI_TEXT_MODEL,
      contents: prompt,
      config: { abortSignal: currentAiDeadline() },
    });
  } catch (error) {
    throw toHttpError(error);
  }
  try {
    for await (const chunk of stream) {
      const ending = earlyEnding(chunk, AI_MESSAGES.lessonCutOff);
      if (ending) throw ending;
      if (chunk.text) yield chunk.text;
    }
  } catch (error) {
    throw toHttpError(error);
  }
}

/** One PNG (or other image) drawn by the image model. */
export async function generateImage(
  apiKey: string,
  prompt: string,
): Promise<{ mimeType: string; data: Buffer }> {
  const ai = await clientFor(apiKey);
  let response: GenerateContentResponse;
  await chargeAiCall();
  try {
    response = await ai.models.generateContent({
      model: getEnv().GEMINI_IMAGE_MODEL,
      contents: prompt,
      config: { responseModalities: ['IMAGE'], abortSignal: currentAiDeadline() },
    });
  } catch (error) {
    throw toHttpError(error);
  }
  const ending = earlyEnding(response, AI_MESSAGES.answerCutOff);
  if (ending) throw ending;
  const parts: Part[] | undefined = response.candidates?.[0]?.content?.parts;
  const image = parts?.find((part) => part.inlineData?.data)?.inlineData;
  if (!image?.data || !image.mimeType?.startsWith('image/')) {
    throw new HttpError(502, 'GEMINI_UNAVAILABLE', AI_MESSAGES.invalidAnswer);
  }
  return { mimeType: image.mimeType, data: Buffer.from(image.data, 'base64') };
}
