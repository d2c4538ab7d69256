/**
 * Raw PCM from a microphone stream through Web Audio. MediaRecorder only writes compressed
 * formats (WebM/Ogg/MP4), and the API takes WAV, so the samples are taken before encoding.
 */

/** One chunk of captured sound: one Float32Array per channel, all the same length. */
export type PcmChunkHandler = (channels: Float32Array[]) => void;

export interface PcmCapture {
  /** The rate of the captured samples: the AudioContext's, usually 44.1 or 48 kHz. */
  readonly sampleRate: number;
  /** Stops capturing and closes the AudioContext; the stream's tracks are the caller's. */
  close(): Promise<void>;
}

const PROCESSOR_NAME = 'coursecraft-pcm-capture';

/**
 * Posts the input's channels every BATCH_FRAMES frames (about 43 ms at 48 kHz) rather than every
 * 128-frame render quantum, to keep the message rate low. What is left in the batch when the
 * capture stops (under 43 ms) is dropped. Exported for its test.
 */
export const WORKLET_SOURCE = `
const BATCH_FRAMES = 2048;
class PcmCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.buffers = [];
    this.filled = 0;
  }
  flush() {
    if (this.filled === 0) return;
    const channels = this.buffers.map((buffer) => buffer.slice(0, this.filled));
    this.port.postMessage(channels, channels.map((channel) => channel.buffer));
    this.filled = 0;
  }
  process(inputs) {
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    const frames = channels[0].length;
    const reshape = this.buffers.length !== channels.length || this.buffers[0].length < frames;
    if (reshape || this.filled + frames > BATCH_FRAMES) this.flush();
    if (reshape) {
      this.buffers = channels.map(() => new Float32Array(Math.max(BATCH_FRAMES, frames)));
    }
    channels.forEach((channel, index) => this.buffers[index].set(channel, this.filled));
    this.filled += frames;
    if (this.filled >= BATCH_FRAMES) this.flush();
    return true;
  }
}
registerProcessor('${PROCESSOR_NAME}', PcmCaptureProcessor);
`;

async function workletCapture(context: AudioContext, onChunk: PcmChunkHandler) {
  // A Blob URL keeps the processor in this module, with nothing for the bundler to copy.
  const url = URL.createObjectURL(new Blob([WORKLET_SOURCE], { type: 'text/javascript' }));
  try {
    await context.audioWorklet.addModule(url);
  } finally {
    URL.revokeObjectURL(url);
  }
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
