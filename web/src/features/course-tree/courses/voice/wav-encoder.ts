import { COURSE_AUDIO_MAX_BYTES, COURSE_AUDIO_SAMPLE_RATE } from '@coursecraft/contracts';

/** RIFF header (12 bytes), fmt chunk (24 bytes) and data chunk header (8 bytes). */
export const WAV_HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/** The most 16-bit samples a recording may hold to stay within COURSE_AUDIO_MAX_BYTES. */
export const COURSE_AUDIO_MAX_SAMPLES = Math.floor(
  (COURSE_AUDIO_MAX_BYTES - WAV_HEADER_BYTES) / BYTES_PER_SAMPLE,
);

/** Bytes of a 16-bit mono WAV file holding `sampleCount` samples. */
export function wavByteLength(sampleCount: number): number {
  return WAV_HEADER_BYTES + sampleCount * BYTES_PER_SAMPLE;
}

/** Seconds of sound in a 16-bit mono WAV file of `byteLength` bytes at `sampleRate`. */
export function wavDurationSeconds(
  byteLength: number,
  sampleRate = COURSE_AUDIO_SAMPLE_RATE,
): number {
  return Math.max(0, byteLength - WAV_HEADER_BYTES) / BYTES_PER_SAMPLE / sampleRate;
}

/** How many samples `inputLength` samples at `fromRate` become at `toRate`. */
export function resampledLength(
  inputLength: number,
  fromRate: number,
  toRate = COURSE_AUDIO_SAMPLE_RATE,
): number {
  return Math.round((inputLength * toRate) / fromRate);
}

/** The average of the channels of one chunk (a single channel is returned as is). */
export function downmixToMono(channels: readonly Float32Array[]): Float32Array {
  const [first, ...others] = channels;
  if (!first) return new Float32Array(0);
  if (others.length === 0) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels) {
    for (let i = 0; i < mono.length; i++) mono[i]! += channel[i] ?? 0;
  }
  for (let i = 0; i < mono.length; i++) mono[i]! /= channels.length;
  return mono;
}

/** The chunks, end to end. */
export function concatChunks(chunks: readonly Float32Array[]): Float32Array {
  const joined = new Float32Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

/**
 * `samples` at `fromRate` converted to `toRate`. Downsampling averages the input samples each
 * output sample covers, a cheap low-pass that keeps speech above 8 kHz from aliasing back as
 * noise; upsampling interpolates linearly.
 */
export function resample(
  samples: Float32Array,
  fromRate: number,
  toRate = COURSE_AUDIO_SAMPLE_RATE,
): Float32Array {
  if (fromRate === toRate) return samples;
  const output = new Float32Array(resampledLength(samples.length, fromRate, toRate));
  const step = fromRate / toRate;
  if (step > 1) {
    for (let i = 0; i < output.length; i++) {
      const start = Math.floor(i * step);
      const end = Math.min(samples.length, Math.max(start + 1, Math.floor((i + 1) * step)));
      let sum = 0;
      for (let j = start; j < end; j++) sum += samples[j] ?? 0;
      output[i] = sum / (end - start);
    }
  } else {
    for (let i = 0; i < output.length; i++) {
      const position = i * step;
      const before = Math.floor(position);
      const a = samples[before] ?? 0;
      const b = samples[before + 1] ?? a;
      output[i] = a + (b - a) * (position - before);
    }
  }
  return output;
}

/** A sample in [-1, 1] (clipped when outside) as a signed 16-bit integer. */
export function toPcm16(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, Number.isNaN(sample) ? 0 : sample));
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
}

/** A mono 16-bit PCM RIFF/WAVE file of `samples`. */
export function encodeWav(samples: Float32Array, sampleRate = COURSE_AUDIO_SAMPLE_RATE): Blob {
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const view = new DataView(new ArrayBuffer(WAV_HEADER_BYTES + dataBytes));
  const writeAscii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  writeAscii(0, 'RIFF');
  view.setUint32(4, WAV_HEADER_BYTES - 8 + dataBytes, true);
  writeAscii(8, 'WAVE');
  writeAscii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // channels
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * BYTES_PER_SAMPLE, true); // byte rate
  view.setUint16(32, BYTES_PER_SAMPLE, true); // block align
  view.setUint16(34, 8 * BYTES_PER_SAMPLE, true); // bits per sample
  writeAscii(36, 'data');
  view.setUint32(40, dataBytes, true);
  samples.forEach((sample, i) => {
    view.setInt16(WAV_HEADER_BYTES + i * BYTES_PER_SAMPLE, toPcm16(sample), true);
  });
  return new Blob([view.buffer], { type: 'audio/wav' });
}

/**
 * The course recording: mono chunks captured at `sampleRate`, resampled to 16 kHz and cut to
 * COURSE_AUDIO_MAX_SAMPLES, as the WAV file the API takes.
 */
export function encodeCourseAudio(chunks: readonly Float32Array[], sampleRate: number): Blob {
  const samples = resample(concatChunks(chunks), sampleRate);
  return encodeWav(samples.subarray(0, COURSE_AUDIO_MAX_SAMPLES));
}
