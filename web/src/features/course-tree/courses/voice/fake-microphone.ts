/**
 * Test support: a microphone for jsdom, which has neither getUserMedia nor Web Audio. A test
 * file using it mocks the capture module first:
 *
 *   vi.mock('./pcm-capture', () => ({ createPcmCapture: vi.fn() }));
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { createPcmCapture, type PcmChunkHandler } from './pcm-capture';

/** Installs navigator.mediaDevices.getUserMedia and a capture fed by `speak`. */
export function installFakeMicrophone({ sampleRate = 48_000 } = {}) {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => stream);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  const close = vi.fn(async () => {});
  let onChunk: PcmChunkHandler | undefined;
  vi.mocked(createPcmCapture).mockImplementation(async (_stream, handler) => {
    onChunk = handler;
    return { sampleRate, close };
  });
  return {
    getUserMedia,
    track,
    /** The capture's close (its AudioContext's). */
    close,
    /** Captures `seconds` of a 440 Hz tone at `amplitude`, in one chunk. */
    speak(seconds: number, amplitude = 0.5) {
      if (!onChunk) throw new Error('Nothing is recording');
      const samples = Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) =>
        Math.fround(amplitude * Math.sin((2 * Math.PI * 440 * i) / sampleRate)),
      );
      const handler = onChunk;
      act(() => handler([samples]));
    },
  };
}

/** Takes navigator.mediaDevices away again (jsdom has none). */
export function removeFakeMicrophone() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}
