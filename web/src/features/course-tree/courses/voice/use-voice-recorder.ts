import { COURSE_AUDIO_MAX_BYTES, COURSE_AUDIO_SAMPLE_RATE } from '@coursecraft/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { COURSE_TEXT } from '../course-messages';
import { createPcmCapture, type PcmCapture } from './pcm-capture';
import {
  downmixToMono,
  encodeCourseAudio,
  resampledLength,
  wavByteLength,
  wavDurationSeconds,
} from './wav-encoder';

export type VoiceRecorderStatus = 'idle' | 'recording' | 'recorded';

export interface Recording {
  /** 16 kHz mono 16-bit PCM WAV, typed audio/wav. */
  blob: Blob;
  /** Object URL of `blob` for playback; revoked when the recording is replaced or dropped. */
  url: string;
  seconds: number;
  /** The recording stopped by itself at COURSE_AUDIO_MAX_BYTES. */
  stoppedAtLimit: boolean;
}

export interface VoiceRecorderHandle {
  status: VoiceRecorderStatus;
  /** The browser is asking for the microphone (the permission prompt may be open). */
  starting: boolean;
  /** Whole seconds recorded so far, while recording. */
  elapsedSeconds: number;
  /** The finished recording, once recorded. */
  recording: Recording | null;
  /** The microphone could not be opened. */
  error: string | null;
  /** Asks for the microphone and starts recording; a new recording replaces the last one. */
  start: () => Promise<void>;
  /** Ends the recording and encodes it; does nothing unless recording. */
  stop: () => void;
  /** Plays the recording from the start. */
  play: () => void;
  /** Drops the recording (or the one under way) and goes back to idle. */
  clear: () => void;
}

const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
};

/** One go at recording, from asking for the microphone until stop or clear. */
interface CaptureSession {
  stream: MediaStream | null;
  capture: PcmCapture | null;
  /** Mono chunks at the capture's sample rate. */
  chunks: Float32Array[];
  frames: number;
}

function releaseSession(session: CaptureSession | null): void {
  if (!session) return;
  session.stream?.getTracks().forEach((track) => track.stop());
  session.capture
    ?.close()
    .catch((failure: unknown) => console.error('Closing the audio context failed', failure));
}

/**
 * Records the author's voice as the WAV file the API takes (see pcm-capture for why not
 * MediaRecorder): idle, then recording, then recorded. Stops by itself before the recording
 * outgrows COURSE_AUDIO_MAX_BYTES, and releases the microphone when the component unmounts.
 */
export function useVoiceRecorder(): VoiceRecorderHandle {
  const [capturing, setCapturing] = useState(false);
  const [starting, setStarting] = useState(false);
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sessionRef = useRef<CaptureSession | null>(null);
  const recordingRef = useRef<Recording | null>(null);
  const playerRef = useRef<HTMLAudioElement | null>(null);

  const stopPlayback = useCallback(() => {
    playerRef.current?.pause();
    playerRef.current = null;
  }, []);

  const replaceRecording = useCallback(
    (next: Recording | null) => {
      stopPlayback();
      if (recordingRef.current) URL.revokeObjectURL(recordingRef.current.url);
      recordingRef.current = next;
      setRecording(next);
    },
    [stopPlayback],
  );

  const finish = useCallback(
    (stoppedAtLimit: boolean) => {
      const session = sessionRef.current;
      if (!session?.capture) return;
      sessionRef.current = null;
      releaseSession(session);
      const blob = encodeCourseAudio(session.chunks, session.capture.sampleRate);
      replaceRecording({
        blob,
        url: URL.createObjectURL(blob),
        seconds: wavDurationSeconds(blob.size),
        stoppedAtLimit,
      });
      setCapturing(false);
    },
    [replaceRecording],
  );

  const takeChunk = useCallback(
    (session: CaptureSession, channels: Float32Array[]) => {
      if (sessionRef.current !== session) return;
      const mono = downmixToMono(channels);
      session.chunks.push(mono);
      session.frames += mono.length;
      if (!session.capture) return;
      const samples = resampledLength(session.frames, session.capture.sampleRate);
      setElapsedSeconds(Math.floor(samples / COURSE_AUDIO_SAMPLE_RATE));
      if (wavByteLength(samples) >= COURSE_AUDIO_MAX_BYTES) finish(true);
    },
    [finish],
  );

  const start = useCallback(async () => {
    if (sessionRef.current) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      console.error('This browser cannot record audio: navigator.mediaDevices is unavailable.');
      return;
    }
    // The session is claimed before the first await, so a second click is ignored and clear or
    // unmount during the permission prompt cancels the start.
    const session: CaptureSession = { stream: null, capture: null, chunks: [], frames: 0 };
    sessionRef.current = session;
    setError(null);
    setStarting(true);
    const cancelled = () => sessionRef.current !== session;
    try {
      session.stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
    } catch (failure) {
      console.error('The microphone could not be opened', failure);
      if (cancelled()) return;
      sessionRef.current = null;
      setError(COURSE_TEXT.microphoneDenied);
      setStarting(false);
      return;
    }
    if (cancelled()) {
      releaseSession(session);
      return;
    }
    try {
      session.capture = await createPcmCapture(session.stream, (channels) =>
        takeChunk(session, channels),
      );
    } catch (failure) {
      // No usable Web Audio: a browser that cannot record, which is only logged (see docs/product.md).
      console.error('Capturing audio failed', failure);
      releaseSession(session);
      if (cancelled()) return;
      sessionRef.current = null;
      setStarting(false);
      return;
    }
    if (cancelled()) {
      releaseSession(session);
      return;
    }
    replaceRecording(null);
    setElapsedSeconds(0);
    setStarting(false);
    setCapturing(true);
  }, [replaceRecording, takeChunk]);

  const stop = useCallback(() => finish(false), [finish]);

  const play = useCallback(() => {
    const current = recordingRef.current;
    if (!current) return;
    stopPlayback();
    const player = new Audio(current.url);
    playerRef.current = player;
    player
      .play()
      .catch((failure: unknown) => console.error('Playing the recording failed', failure));
  }, [stopPlayback]);

  const clear = useCallback(() => {
    releaseSession(sessionRef.current);
    sessionRef.current = null;
    replaceRecording(null);
    setCapturing(false);
    setStarting(false);
    setElapsedSeconds(0);
    setError(null);
  }, [replaceRecording]);

  useEffect(
    () => () => {
      releaseSession(sessionRef.current);
      sessionRef.current = null;
      playerRef.current?.pause();
      if (recordingRef.current) URL.revokeObjectURL(recordingRef.current.url);
    },
    [],
  );

  const status: VoiceRecorderStatus = capturing ? 'recording' : recording ? 'recorded' : 'idle';
  return { status, starting, elapsedSeconds, recording, error, start, stop, play, clear };
}
