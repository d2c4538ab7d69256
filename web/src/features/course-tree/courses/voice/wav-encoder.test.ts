import { COURSE_AUDIO_MAX_BYTES } from '@coursecraft/contracts';
import { describe, expect, it } from 'vitest';
import {
  COURSE_AUDIO_MAX_SAMPLES,
  concatChunks,
  downmixToMono,
  encodeCourseAudio,
  encodeWav,
  resample,
  toPcm16,
  wavByteLength,
  wavDurationSeconds,
} from './wav-encoder';

async function parseWav(blob: Blob) {
  const view = new DataView(await blob.arrayBuffer());
  const ascii = (offset: number) =>
    String.fromCharCode(...new Uint8Array(view.buffer, offset, 4).values());
  const dataBytes = view.getUint32(40, true);
  return {
    riff: ascii(0),
    riffSize: view.getUint32(4, true),
    wave: ascii(8),
    fmt: ascii(12),
    fmtSize: view.getUint32(16, true),
    format: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    blockAlign: view.getUint16(32, true),
    bitsPerSample: view.getUint16(34, true),
    data: ascii(36),
    dataBytes,
    samples: Array.from({ length: dataBytes / 2 }, (_, i) => view.getInt16(44 + 2 * i, true)),
  };
}

describe('encodeWav', () => {
  it('writes a 16 kHz mono 16-bit PCM RIFF/WAVE file', async () => {
    const blob = encodeWav(new Float32Array([0, 0.5, -0.5, 1]));
    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(44 + 8);
    expect(await parseWav(blob)).toEqual({
      riff: 'RIFF',
      riffSize: 36 + 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      fmtSize: 16,
      format: 1,
      channels: 1,
      sampleRate: 16_000,
      byteRate: 32_000,
      blockAlign: 2,
      bitsPerSample: 16,
      data: 'data',
      dataBytes: 8,
      samples: [0, 16384, -16384, 32767],
    });
  });

  it('writes a valid empty file', async () => {
    const wav = await parseWav(encodeWav(new Float32Array(0)));
    expect(wav).toMatchObject({ riffSize: 36, dataBytes: 0, samples: [] });
  });
});

describe('toPcm16', () => {
  it('scales to the 16-bit range and clips what is outside [-1, 1]', () => {
    expect([1, -1, 0, 0.25, -0.25].map(toPcm16)).toEqual([32767, -32768, 0, 8192, -8192]);
    expect([1.5, -3, Infinity, -Infinity, NaN].map(toPcm16)).toEqual([
      32767, -32768, 32767, -32768, 0,
    ]);
  });
});

describe('resample', () => {
  it('turns one second at 48 or 44.1 kHz into 16 000 samples', () => {
    expect(resample(new Float32Array(48_000), 48_000)).toHaveLength(16_000);
    expect(resample(new Float32Array(44_100), 44_100)).toHaveLength(16_000);
  });

  it('averages the samples each output sample covers when downsampling', () => {
    const input = new Float32Array([0.3, 0.6, 0.9, -0.3, -0.6, -0.9]);
    const [first, second, ...rest] = resample(input, 48_000);
    expect(first).toBeCloseTo(0.6, 6);
    expect(second).toBeCloseTo(-0.6, 6);
    expect(rest).toEqual([]);
  });

  it('keeps a steady level at any rate', () => {
    const steady = new Float32Array(44_100).fill(0.25);
    expect(resample(steady, 44_100).every((sample) => sample === 0.25)).toBe(true);
    expect(resample(new Float32Array(8_000).fill(0.25), 8_000).every((s) => s === 0.25)).toBe(true);
  });

  it('interpolates when upsampling, and leaves 16 kHz alone', () => {
    expect(Array.from(resample(new Float32Array([0, 1]), 8_000))).toEqual([0, 0.5, 1, 1]);
    const same = new Float32Array([0.1, 0.2]);
    expect(resample(same, 16_000)).toBe(same);
  });
});

describe('downmixToMono and concatChunks', () => {
  it('averages the channels', () => {
    const left = new Float32Array([1, 0.5]);
    expect(downmixToMono([left])).toBe(left);
    expect(Array.from(downmixToMono([left, new Float32Array([0, -0.5])]))).toEqual([0.5, 0]);
    expect(downmixToMono([])).toHaveLength(0);
  });

  it('joins chunks in order', () => {
    const joined = concatChunks([
      new Float32Array([1, 2]),
      new Float32Array([]),
      Float32Array.of(3),
    ]);
    expect(Array.from(joined)).toEqual([1, 2, 3]);
  });
});

describe('encodeCourseAudio', () => {
  it('encodes chunks captured at 48 kHz as 16 kHz WAV', async () => {
    const chunk = new Float32Array(24_000).fill(0.5);
    const blob = encodeCourseAudio([chunk, chunk], 48_000);
    const wav = await parseWav(blob);
    expect(wav.sampleRate).toBe(16_000);
    expect(wav.dataBytes).toBe(32_000);
    expect(wav.samples.every((sample) => sample === 16384)).toBe(true);
    expect(wavDurationSeconds(blob.size)).toBe(1);
  });

  it('never exceeds the API’s size limit', () => {
    expect(wavByteLength(COURSE_AUDIO_MAX_SAMPLES)).toBeLessThanOrEqual(COURSE_AUDIO_MAX_BYTES);
    expect(wavByteLength(COURSE_AUDIO_MAX_SAMPLES + 1)).toBeGreaterThan(COURSE_AUDIO_MAX_BYTES);
    // Over 5 minutes at 16 kHz.
    expect(COURSE_AUDIO_MAX_SAMPLES / 16_000).toBeGreaterThan(300);
  });
});
