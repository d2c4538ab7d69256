/**
 * Raw PCM from a microphone stream through Web Audio. MediaRecorder only writes compressed
 * formats (WebM/Ogg/MP4), and the API takes WAV, so the samples are taken before encoding.
 */
// Never inlined as a data: URL, which the Content-Security-Policy would refuse as a script.
import workletUrl from './pcm-capture.worklet.js?url&no-inline';

/** One chunk of captured sound: one Float32Array per channel, all the same length. */
export type PcmChunkHandler = (channels: Float32Array[]) => void;

export interface PcmCapture {
  /** The rate of the captured samples: the AudioContext's, usually 44.1 or 48 kHz. */
  readonly sampleRate: number;
  /** Stops capturing and closes the AudioContext; the stream's tracks are the caller's. */
  close(): Promise<void>;
}

/** Registered by the worklet file under this name. */
const PROCESSOR_NAME = 'coursecraft-pcm-capture';

async function workletCapture(context: AudioContext, onChunk: PcmChunkHandler) {
  await context.audioWorklet.addModule(workletUrl);
  const node = new AudioWorkletNode(context, PROCESSOR_NAME, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
  });
  node.port.onmessage = (event: MessageEvent<Float32Array[]>) => onChunk(event.data);
  return {
    node,
    detach: () => {
      node.port.onmessage = null;
      node.port.close();
    },
  };
}

/** For browsers without AudioWorklet (or outside a secure context, where it is missing). */
function scriptProcessorCapture(context: AudioContext, onChunk: PcmChunkHandler) {
  const node = context.createScriptProcessor(4096, 1, 1);
  node.onaudioprocess = (event) => {
    const input = event.inputBuffer;
    const channels: Float32Array[] = [];
    // The buffer is reused between events, so each channel is copied.
    for (let c = 0; c < input.numberOfChannels; c++) channels.push(input.getChannelData(c).slice());
    onChunk(channels);
  };
  return {
    node,
    detach: () => {
      node.onaudioprocess = null;
    },
  };
}

/** Starts capturing `stream`'s sound, handing each chunk to `onChunk` as it comes. */
export async function createPcmCapture(
  stream: MediaStream,
  onChunk: PcmChunkHandler,
): Promise<PcmCapture> {
  const context = new AudioContext();
  try {
    const source = context.createMediaStreamSource(stream);
    const { node, detach } =
      'audioWorklet' in context && typeof AudioWorkletNode === 'function'
        ? await workletCapture(context, onChunk)
        : scriptProcessorCapture(context, onChunk);
    // Nodes only run when connected towards the destination; a silent gain keeps the speakers
    // quiet (the capture nodes write nothing, but a zero gain does not rely on that).
    const mute = context.createGain();
    mute.gain.value = 0;
    source.connect(node);
    node.connect(mute);
    mute.connect(context.destination);
    if (context.state === 'suspended') {
      void context
        .resume()
        .catch((error: unknown) => console.error('Resuming audio failed', error));
    }
    return {
      sampleRate: context.sampleRate,
      close: async () => {
        detach();
        source.disconnect();
        node.disconnect();
        mute.disconnect();
        await context.close();
      },
    };
  } catch (error) {
    void context.close().catch(() => {});
    throw error;
  }
}
