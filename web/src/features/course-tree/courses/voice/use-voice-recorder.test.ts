import type * as Contracts from '@coursecraft/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeMicrophone, removeFakeMicrophone } from './fake-microphone';
import { createPcmCapture } from './pcm-capture';
import { useVoiceRecorder } from './use-voice-recorder';

/** One second of 16 kHz audio, so the limit is reached quickly. */
const { LIMIT_BYTES } = vi.hoisted(() => ({ LIMIT_BYTES: 44 + 32_000 }));

vi.mock('@coursecraft/contracts', async (importOriginal) => ({
  ...(await importOriginal<typeof Contracts>()),
  COURSE_AUDIO_MAX_BYTES: LIMIT_BYTES,
}));
vi.mock('./pcm-capture', () => ({ createPcmCapture: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  removeFakeMicrophone();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

async function startRecording() {
  const microphone = installFakeMicrophone();
  const hook = renderHook(() => useVoiceRecorder());
  await act(() => hook.result.current.start());
  expect(hook.result.current.status).toBe('recording');
  return { ...hook, microphone };
}

describe('useVoiceRecorder', () => {
  it('stops by itself before the recording outgrows the upload limit', async () => {
    const { result, microphone } = await startRecording();
    microphone.speak(0.6);
    expect(result.current.status).toBe('recording');
    microphone.speak(0.6);
    expect(result.current.status).toBe('recorded');
    expect(result.current.recording).toMatchObject({ seconds: 1, stoppedAtLimit: true });
    expect(result.current.recording?.blob.size).toBe(LIMIT_BYTES);
    expect(microphone.track.stop).toHaveBeenCalled();
    expect(microphone.close).toHaveBeenCalled();
  });

  it('stops only while recording', () => {
    installFakeMicrophone();
    const { result } = renderHook(() => useVoiceRecorder());
    act(() => result.current.stop());
    expect(result.current.status).toBe('idle');
    expect(result.current.recording).toBeNull();
  });

  it('replaces the last recording with a new one', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { result, microphone } = await startRecording();
    microphone.speak(0.25);
    act(() => result.current.stop());
    const first = result.current.recording;
    expect(first?.stoppedAtLimit).toBe(false);

    await act(() => result.current.start());
    expect(result.current.status).toBe('recording');
    expect(result.current.recording).toBeNull();
    expect(revoke).toHaveBeenCalledWith(first?.url);
  });

  it('releases the microphone when the page goes away', async () => {
    const { unmount, microphone } = await startRecording();
    unmount();
    expect(microphone.track.stop).toHaveBeenCalled();
    expect(microphone.close).toHaveBeenCalled();
  });

  it('ignores a second start while asking, and Clear cancels the ask', async () => {
    const microphone = installFakeMicrophone();
    const stream = deferred<MediaStream>();
    microphone.getUserMedia.mockReturnValueOnce(stream.promise);
    const { result } = renderHook(() => useVoiceRecorder());
    let starting!: Promise<void>;
    act(() => {
      starting = result.current.start();
      void result.current.start();
    });
    expect(result.current.starting).toBe(true);
    expect(microphone.getUserMedia).toHaveBeenCalledTimes(1);

    act(() => result.current.clear());
    const track = { stop: vi.fn() };
    await act(async () => {
      stream.resolve({ getTracks: () => [track] } as unknown as MediaStream);
      await starting;
    });
    expect(track.stop).toHaveBeenCalled();
    expect(createPcmCapture).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: 'idle', starting: false, error: null });
  });

  it('only logs when Web Audio is missing, and lets the microphone go', async () => {
    const microphone = installFakeMicrophone();
    vi.mocked(createPcmCapture).mockRejectedValueOnce(new ReferenceError('AudioContext'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useVoiceRecorder());
    await act(() => result.current.start());
    expect(logged).toHaveBeenCalledWith('Capturing audio failed', expect.any(ReferenceError));
    expect(microphone.track.stop).toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: 'idle', starting: false, error: null });
  });
});
