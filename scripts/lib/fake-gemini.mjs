import http from 'node:http';
import { encodePng } from './png.mjs';

/**
 * A local stand-in for the Gemini REST API (`generativelanguage.googleapis.com`), for tests and
 * offline demos: `POST /{version}/models/{model}:generateContent` and
 * `:streamGenerateContent?alt=sse`, answering from the request itself. JSON requests get JSON
 * that fits their response schema, image requests a PNG, text requests a markdown lesson with
 * math and a Mermaid diagram. A questions request (its response schema has `questions` whose items
 * have `correct_options`) gets as many questions as the schema's `minItems`, its types in turn
 * (single choice, multiple choice, true or false, short answer, ordering), each valid.
 *
 * Control endpoints (tests):
 * - `POST /__fake/faults` `{ faults: Fault[] }` queues faults, each used by one request:
 *   `{ status: 400 | 429 | 500 | 503 }` (a 429 with `retryDelay: '17s'` carries Gemini's
 *   RetryInfo detail), `{ delayMs }`, `{ malformed: true }`, `{ empty: true }`,
 *   `{ cut: true }` (the connection drops halfway through the answer or the stream),
 *   `{ finishReason: 'MAX_TOKENS' | 'SAFETY' | 'RECITATION' | ... }` (the answer ends early: half
 *   the text for MAX_TOKENS, none otherwise; a stream sends its first chunks, then a last chunk
 *   with that reason), `{ blockReason: 'SAFETY' | ... }` (the prompt is refused: no candidate),
 *   `{ image: 'gif' | 'svg' | 'mislabelled' }` (an image request gets that instead of a PNG),
 *   optionally `{ match: 'json' | 'text' | 'image' | 'stream' }` to hit only such requests and
 *   `{ apiKey }` to hit only requests sent with that key (tests running in parallel), and
 *   `{ promptIncludes }` to hit only requests whose prompt contains that text.
 *   `{ invalidQuestions: n }` (questions requests): the first n questions of the answer are
 *   broken, in turn a key naming no option, duplicate options, a multiple choice with no correct
 *   option, an ordering with repeated items. One fault hits one request, so the re-ask for
 *   replacements gets valid ones; queue it twice (`match: 'json'`) to break the re-ask too.
 *   `{ badCitations: n }` (a lesson written from sources): n more citations, whose quotes are on
 *   no page. `{ lessonText }` (a lesson request): answers that text as the lesson, verbatim.
 *
 * A lesson prompt with a sources block (passages, each after its mark `[name, page N]` or
 * `[name, section “Heading”]`) gets a lesson citing its first two passages as footnotes, each
 * quoting a sentence of the passage word for word.
 * - `PUT /__fake/settings` `{ replyDelayMs, firstChunkDelayMs, chunkDelayMs }`.
 * - `GET /__fake/requests`: what was asked (`{ model, method, apiKey, kind, body, startedAt,
 *   endedAt }[]`, times in ms since the epoch; `endedAt` null while unanswered).
 * - `DELETE /__fake`: forget faults, settings and requests.
 */
export async function startFakeGemini({ host = '127.0.0.1', port = 0 } = {}) {
  let faults = [];
  let settings = { replyDelayMs: 0, firstChunkDelayMs: 0, chunkDelayMs: 0 };
  let requests = [];

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', `http://${host}`);
      const body = await readJson(req);
      if (url.pathname.startsWith('/__fake')) return control(req, res, url, body);

      const match = /^\/v[^/]*\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(
        url.pathname,
      );
      if (req.method !== 'POST' || !match) {
        return sendJson(res, 404, {
          error: { code: 404, message: 'Not found', status: 'NOT_FOUND' },
        });
      }
      const [, model, method] = match;
      const stream = method === 'streamGenerateContent';
      const kind = kindOf(body);
      const apiKey = req.headers['x-goog-api-key'] ?? url.searchParams.get('key');
      const request = { model, method, apiKey, kind, body, startedAt: Date.now(), endedAt: null };
      requests.push(request);
      res.once('close', () => (request.endedAt = Date.now()));
      const prompt = promptText(body);

      const faultIndex = faults.findIndex(
        (fault) =>
          (!fault.apiKey || fault.apiKey === apiKey) &&
          (!fault.promptIncludes || prompt.includes(fault.promptIncludes)) &&
          (!fault.match || fault.match === kind || (fault.match === 'stream' && stream)),
      );
      const fault = faultIndex >= 0 ? faults.splice(faultIndex, 1)[0] : undefined;
      await sleep(settings.replyDelayMs + (fault?.delayMs ?? 0));
      if (fault?.status) return sendJson(res, fault.status, errorBody(fault.status, fault));
      const badAudio = unreadableAudio(body);
      if (badAudio) return sendJson(res, 400, errorBody(400, { message: badAudio }));
      if (fault?.blockReason) {
        const blocked = { promptFeedback: { blockReason: fault.blockReason }, usageMetadata };
        if (!stream) return sendJson(res, 200, blocked);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return res.end(`data: ${JSON.stringify(blocked)}\n\n`);
      }

      const parts = fault?.empty ? [] : replyParts(kind, body, fault);
      if (!stream && fault?.cut) return cutHalfway(res, JSON.stringify(candidateOf(parts)));
      if (!stream && fault?.finishReason) {
        return sendJson(res, 200, candidateOf(endedEarly(parts, fault.finishReason), fault));
      }
      if (!stream) return sendJson(res, 200, candidateOf(parts));
      await streamParts(res, parts, settings, {
        cut: fault?.cut === true,
        finishReason: fault?.finishReason,
      });
    } catch (error) {
      sendJson(res, 500, errorBody(500, { message: String(error) }));
    }
  });

  function control(req, res, url, body) {
    if (req.method === 'POST' && url.pathname === '/__fake/faults') {
      faults.push(...(body?.faults ?? []));
      return sendJson(res, 200, { queued: faults.length });
    }
    if (req.method === 'PUT' && url.pathname === '/__fake/settings') {
      settings = { ...settings, ...body };
      return sendJson(res, 200, settings);
    }
    if (req.method === 'GET' && url.pathname === '/__fake/requests') {
      return sendJson(res, 200, requests);
    }
    if (req.method === 'DELETE' && url.pathname === '/__fake') {
      faults = [];
      requests = [];
      settings = { replyDelayMs: 0, firstChunkDelayMs: 0, chunkDelayMs: 0 };
      return sendJson(res, 200, {});
    }
    return sendJson(res, 404, { error: 'Not found' });
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const { port: boundPort } = server.address();
  return {
    url: `http://${host}:${boundPort}`,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

function promptText(body) {
  return (body?.contents ?? [])
    .flatMap((content) => content.parts ?? [])
    .map((part) => part.text ?? '')
    .join('');
}

function readJson(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text) return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(undefined);
      }
    });
  });
}

function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

const sleep = (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined);

const ERROR_STATUS = {
  400: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const ERROR_MESSAGE = {
  400: 'API key not valid. Please pass a valid API key.',
  429: 'Resource has been exhausted (e.g. check quota).',
  500: 'An internal error has occurred.',
  503: 'The model is overloaded. Please try again later.',
};

/** Gemini's error body; a `retryDelay` adds the RetryInfo detail Gemini sends with some 429s. */
function errorBody(status, { message, retryDelay } = {}) {
  const details = retryDelay
    ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }]
    : undefined;
  return {
    error: {
      code: status,
      message: message ?? ERROR_MESSAGE[status] ?? 'Fake Gemini fault',
      status: ERROR_STATUS[status] ?? 'UNKNOWN',
      ...(details ? { details } : {}),
    },
  };
}

const generationConfigOf = (body) => body?.generationConfig ?? body?.config ?? {};

function kindOf(body) {
  const config = generationConfigOf(body);
  if ((config.responseModalities ?? []).includes('IMAGE')) return 'image';
  if (config.responseJsonSchema || config.responseSchema) return 'json';
  return 'text';
}

/** All the text the request carries, and whether it carries audio. */
function promptOf(body) {
  const parts = (body?.contents ?? []).flatMap((content) => content.parts ?? []);
  return {
    text: parts.map((part) => part.text ?? '').join('\n'),
    audioBytes: parts
      .filter((part) => part.inlineData?.mimeType?.startsWith('audio/'))
      .reduce((sum, part) => sum + Buffer.from(part.inlineData.data ?? '', 'base64').length, 0),
  };
}

/** Like Gemini, refuses inline audio it cannot decode: here, anything but a RIFF/WAVE file. */
function unreadableAudio(body) {
  const parts = (body?.contents ?? []).flatMap((content) => content.parts ?? []);
  for (const part of parts) {
    if (!part.inlineData?.mimeType?.startsWith('audio/')) continue;
    const bytes = Buffer.from(part.inlineData.data ?? '', 'base64');
    const isWav =
      bytes.length > 44 &&
      bytes.toString('ascii', 0, 4) === 'RIFF' &&
      bytes.toString('ascii', 8, 12) === 'WAVE';
    if (part.inlineData.mimeType !== 'audio/wav' || !isWav) return 'Unsupported audio data.';
  }
  return null;
}

/** Images of types the API must not store (`{ image: 'gif' | 'svg' | 'mislabelled' }` faults). */
const OTHER_IMAGES = {
  gif: {
    mimeType: 'image/gif',
    data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64'),
  },
  svg: {
    mimeType: 'image/svg+xml',
    data: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ).toString('base64'),
  },
  // An SVG declared as a PNG: the API must look at the bytes, not the label.
  mislabelled: {
    mimeType: 'image/png',
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
  },
};

/** The request's own subject: the first "double-quoted" phrase of its prompt. */
function subjectOf(prompt) {
  if (prompt.audioBytes > 0) return 'Spoken Course';
  return /"([^"\n]{1,120})"/.exec(prompt.text)?.[1] ?? 'General Studies';
}

function replyParts(kind, body, fault) {
  if (fault?.malformed) return [{ text: kind === 'json' ? '{"name": "unfinished' : '' }];
  const prompt = promptOf(body);
  const subject = subjectOf(prompt);
  if (kind === 'image' && fault?.image) return [{ inlineData: OTHER_IMAGES[fault.image] }];
  if (kind === 'image') return [{ inlineData: { mimeType: 'image/png', data: pngOf(subject) } }];
  if (kind === 'json') {
    const schema =
      generationConfigOf(body).responseJsonSchema ?? generationConfigOf(body).responseSchema;
    if (schema?.properties?.questions?.items?.properties?.correct_options) {
      const count = Number(schema.properties.questions.minItems ?? 5);
      return [{ text: JSON.stringify({ questions: questionsAbout(subject, count, fault) }) }];
    }
    return [{ text: JSON.stringify(synthesize(schema, subject, 'item', 0)) }];
  }
  if (typeof fault?.lessonText === 'string') return [{ text: fault.lessonText }];
  const passages = passagesOf(prompt.text);
  if (passages.length === 0) return [{ text: lessonAbout(subject) }];
  return [{ text: citedLessonAbout(subject, passages, Number(fault?.badCitations ?? 0)) }];
}

/**
 * The passages of a prompt's sources block: each starts on a line with its mark,
 * `[Handbook.pdf, page 12]` or `[Notes.docx, section “Wiring”]`, and runs to the next mark or
 * the line `END SOURCES`.
 */
function passagesOf(prompt) {
  const text = prompt.split(/^END SOURCES$/m)[0];
  const mark = /^\[([^\]\n]+?), (?:page ([^\]\n]+)|section “([^”\n]+)”)\][ \t]*:?[ \t]*/gm;
  const found = [...text.matchAll(mark)];
  return found.map((match, i) => ({
    sourceName: match[1],
    locator:
      match[2] === undefined
        ? { kind: 'section', label: match[3] }
        : { kind: 'page', label: match[2] },
    text: text.slice(match.index + match[0].length, found[i + 1]?.index ?? text.length),
  }));
}

/** The first whole sentence of a passage (at most 300 characters), its spaces as one. */
function sentenceOf(text) {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentences = flat.match(/[^.!?]+[.!?]/g) ?? [flat];
  return (
    sentences.map((s) => s.trim()).find((s) => s.length >= 12 && s.length <= 300) ??
    flat.slice(0, 120).trim()
  );
}

/** A citation footnote's definition, as lessons write it (contracts' `citationFootnote`). */
function footnote(id, { sourceName, locator }, quote) {
  const where = locator.kind === 'page' ? `page ${locator.label}` : `section “${locator.label}”`;
  return `[^${id}]: ${sourceName}, ${where}: "${quote}"`;
}

/**
 * A lesson written from the prompt's passages: first `bad` citations whose quotes are on no page,
 * then the first two passages (or the one), each quoting a sentence of it word for word.
 */
function citedLessonAbout(subject, passages, bad) {
  const cited = passages.slice(0, 2);
  const wrong = Array.from({ length: bad }, (_, i) => ({
    passage: passages[0],
    quote: `This sentence ${i + 1} is found on no page of any source`,
  }));
  const all = [...wrong, ...cited.map((passage) => ({ passage, quote: sentenceOf(passage.text) }))];
  return [
    `## ${subject}`,
    '',
    `This lesson introduces ${subject}, as your sources describe it.`,
    '',
    ...all.map((_, i) => `- A point the sources make.[^${i + 1}]`),
    '',
    '- Read the definitions.',
    '- Work the examples.',
    '',
    ...all.map(({ passage, quote }, i) => footnote(i + 1, passage, quote)),
  ].join('\n');
}

const singular = (key) => key.replace(/ies$/, 'y').replace(/s$/, '');
const titleCase = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** A value that fits a JSON schema, named after the request's subject. */
function synthesize(schema, subject, key, index) {
  switch (schema?.type) {
    case 'object':
    case 'OBJECT': {
      const result = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        result[name] = synthesize(property, subject, name === 'name' ? key : name, index);
      }
      return result;
    }
    case 'array':
    case 'ARRAY': {
      const count = Math.max(
        Number(schema.minItems ?? 0),
        Math.min(Number(schema.maxItems ?? 4), 4),
      );
      return Array.from({ length: count }, (_, i) =>
        synthesize(schema.items, subject, singular(key), i + 1),
      );
    }
    case 'integer':
    case 'number':
    case 'INTEGER':
    case 'NUMBER':
      return index || 1;
    case 'boolean':
    case 'BOOLEAN':
      return true;
    default:
      if (key === 'description') return `An introduction to ${subject}, built up step by step.`;
      return index > 0 ? `${titleCase(key)} ${index}: ${subject}` : subject;
  }
}

const QUESTION_FIELDS = {
  explanation: 'The lesson says so.',
  options: [],
  correct_options: [],
  option_feedback: [],
  answer: null,
  accepted_answers: [],
  tolerance: null,
  items: [],
};

/** A valid question of the `index`-th type (0-based, in turn), about the subject. */
function validQuestion(subject, index) {
  const text = (what) => `${what} (question ${index + 1} on ${subject})`;
  switch (index % 5) {
    case 0:
      return {
        ...QUESTION_FIELDS,
        type: 'single_choice',
        text: text('Which statement is true?'),
        options: [`${subject} is taught here`, `${subject} is never mentioned`, 'Neither'],
        correct_options: [0],
        option_feedback: ['Right.', 'It is the lesson’s subject.', ''],
      };
    case 1:
      return {
        ...QUESTION_FIELDS,
        type: 'multiple_choice',
        text: text('Which of these does the lesson use?'),
        options: ['Definitions', 'Examples', 'Riddles'],
        correct_options: [0, 1],
      };
    case 2:
      return { ...QUESTION_FIELDS, type: 'true_false', text: text('$2 + 2 = 4$.'), answer: true };
    case 3:
      return {
        ...QUESTION_FIELDS,
        type: 'short_answer',
        text: text('What is $\\frac{1}{2}$ as a decimal?'),
        accepted_answers: ['0.5'],
        tolerance: 0.01,
      };
    default:
      return {
        ...QUESTION_FIELDS,
        type: 'ordering',
        text: text('Put the steps of studying in order.'),
        items: ['Read the definitions', 'Work the examples', 'Review'],
      };
  }
}

/** A question broken in the `index`-th way (in turn) that the API must discard. */
function brokenQuestion(subject, index) {
  const text = `Broken question ${index + 1} on ${subject}`;
  switch (index % 4) {
    case 0:
      return {
        ...QUESTION_FIELDS,
        type: 'single_choice',
        text,
        options: ['One', 'Two'],
        correct_options: [5],
      };
    case 1:
      return {
        ...QUESTION_FIELDS,
        type: 'single_choice',
        text,
        options: ['Same', ' same ', 'Other'],
        correct_options: [0],
      };
    case 2:
      return {
        ...QUESTION_FIELDS,
        type: 'multiple_choice',
        text,
        options: ['One', 'Two'],
        correct_options: [],
      };
    default:
      return { ...QUESTION_FIELDS, type: 'ordering', text, items: ['Step', 'Step', 'End'] };
  }
}

/** `count` questions about the subject; with `invalidQuestions`, that many first ones broken. */
function questionsAbout(subject, count, fault) {
  const broken = Math.min(count, Number(fault?.invalidQuestions ?? 0));
  return Array.from({ length: count }, (_, index) =>
    index < broken ? brokenQuestion(subject, index) : validQuestion(subject, index),
  );
}

function lessonAbout(subject) {
  return [
    `## ${subject}`,
    '',
    `This lesson introduces ${subject}.`,
    '',
    'A key relation is $a^2 + b^2 = c^2$, and in display form:',
    '',
    '$$',
    '\\int_0^1 x^2 \\, dx = \\frac{1}{3}',
    '$$',
    '',
    '```mermaid',
    'graph TD',
    `  A[Question] --> B[${subject.replace(/[[\]"]/g, '')}]`,
    '  B --> C[Answer]',
    '```',
    '',
    '- Read the definitions.',
    '- Work the examples.',
  ].join('\n');
}

const usageMetadata = { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 };

/** One answer; with `finishReason` the candidate is there even without parts, as Gemini sends it. */
function candidateOf(parts, { finishReason } = {}) {
  const content = parts.length ? { content: { role: 'model', parts } } : {};
  return {
    candidates:
      parts.length || finishReason
        ? [{ ...content, finishReason: finishReason ?? 'STOP', index: 0 }]
        : [],
    usageMetadata,
  };
}

/** What is left of an answer that ended for `finishReason`: half its text at the output limit. */
function endedEarly(parts, finishReason) {
  if (finishReason !== 'MAX_TOKENS') return [];
  return parts
    .filter((part) => part.text)
    .map((part) => ({ text: part.text.slice(0, Math.floor(part.text.length / 2)) }));
}

/**
 * Server-sent events, the text cut into a few chunks; with `finishReason`, only the first half of
 * the chunks, then a last chunk that ends the answer for that reason.
 */
async function streamParts(res, parts, settings, { cut = false, finishReason } = {}) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const text = parts.map((part) => part.text ?? '').join('');
  const chunkCount = Math.max(1, Math.min(5, Math.ceil(text.length / 40)));
  const size = Math.ceil(text.length / chunkCount) || 1;
  const chunks = text
    ? Array.from({ length: chunkCount }, (_, i) => text.slice(i * size, (i + 1) * size))
    : [];
  for (const [i, chunk] of chunks.entries()) {
    if (cut && i >= Math.ceil(chunks.length / 2)) return dropAfterFlush(res);
    if (finishReason && i >= Math.ceil(chunks.length / 2)) {
      const last = finishReason === 'MAX_TOKENS' ? [{ text: chunk.slice(0, 10) }] : [];
      res.write(`data: ${JSON.stringify(candidateOf(last, { finishReason }))}\n\n`);
      return res.end();
    }
    await sleep(i === 0 ? settings.firstChunkDelayMs : settings.chunkDelayMs);
    res.write(`data: ${JSON.stringify(candidateOf([{ text: chunk }]))}\n\n`);
  }
  if (finishReason) res.write(`data: ${JSON.stringify(candidateOf([], { finishReason }))}\n\n`);
  else if (chunks.length === 0) res.write(`data: ${JSON.stringify(candidateOf([]))}\n\n`);
  res.end();
}

/** Sends the first half of a JSON answer, then drops the connection. */
function cutHalfway(res, text) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(text.slice(0, Math.floor(text.length / 2)));
  dropAfterFlush(res);
}

/** Drops the connection once what was written has left, so the client sees a truncated answer. */
function dropAfterFlush(res) {
  res.write('', () => setTimeout(() => res.destroy(), 20));
}

/** A small solid-colour PNG whose colour comes from the subject, so images differ. */
function pngOf(subject) {
  const size = 64;
  let hash = 0;
  for (const char of subject) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const [r, g, b] = [hash & 0xff, (hash >> 8) & 0xff, (hash >> 16) & 0xff];
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i += 1) pixels.set([r, g, b], i * 3);
  return encodePng(size, size, pixels).toString('base64');
}
