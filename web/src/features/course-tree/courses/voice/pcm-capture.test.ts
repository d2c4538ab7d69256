import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPcmCapture } from './pcm-capture';
import WORKLET_SOURCE from './pcm-capture.worklet.js?raw';

class FakeNode {
  connect = vi.fn();
  disconnect = vi.fn();
}

class FakeScriptProcessor extends FakeNode {
  onaudioprocess: ((event: { inputBuffer: AudioBuffer }) => void) | null = null;
}

class FakeWorkletNode extends FakeNode {
  static last: FakeWorkletNode | undefined;
  port = { onmessage: null as ((event: { data: Float32Array[] }) => void) | null, close: vi.fn() };
  constructor(
    readonly context: unknown,
    readonly name: string,
  ) {
    super();
    FakeWorkletNode.last = this;
  }
}

/** Web Audio as far as the capture uses it; `withWorklet` false is a browser without it. */
function fakeAudioContext({ withWorklet }: { withWorklet: boolean }) {
  const context = {
    sampleRate: 44_100,
    state: 'suspended',
    destination: new FakeNode(),
    resume: vi.fn(async () => {}),
    close: vi.fn(async () => {}),
    createMediaStreamSource: vi.fn(() => new FakeNode()),
    createGain: vi.fn(() => Object.assign(new FakeNode(), { gain: { value: 1 } })),
    createScriptProcessor: vi.fn(() => new FakeScriptProcessor()),
    ...(withWorklet ? { audioWorklet: { addModule: vi.fn(async (_url: string) => {}) } } : {}),
  };
  vi.stubGlobal(
    'AudioContext',
    vi.fn(function () {
      return context;
    }),
  );
  if (withWorklet) vi.stubGlobal('AudioWorkletNode', FakeWorkletNode);
  return context;
}

const stream = {} as MediaStream;

afterEach(() => vi.unstubAllGlobals());

describe('createPcmCapture', () => {
  it('captures through an AudioWorklet loaded from its own file', async () => {
    const context = fakeAudioContext({ withWorklet: true });
    const onChunk = vi.fn();
    const capture = await createPcmCapture(stream, onChunk);

    expect(capture.sampleRate).toBe(44_100);
    const moduleUrl = context.audioWorklet?.addModule.mock.calls[0]?.[0];
    // A path of the site (not a blob: or data: URL, which the Content-Security-Policy refuses).
    expect(moduleUrl).toMatch(/^\/.*pcm-capture\.worklet\.js/);
    expect(context.createMediaStreamSource).toHaveBeenCalledWith(stream);
    expect(context.resume).toHaveBeenCalled();
    const node = FakeWorkletNode.last!;
    expect(node.name).toBe('coursecraft-pcm-capture');
    const gain = context.createGain.mock.results[0]!.value as FakeNode & {
      gain: { value: number };
    };
    expect(gain.gain.value).toBe(0);
    expect(node.connect).toHaveBeenCalledWith(gain);
    expect(gain.connect).toHaveBeenCalledWith(context.destination);

    const chunk = [new Float32Array([0.1, 0.2])];
    node.port.onmessage?.({ data: chunk });
    expect(onChunk).toHaveBeenCalledWith(chunk);

    await capture.close();
    expect(node.port.onmessage).toBeNull();
    expect(node.disconnect).toHaveBeenCalled();
    expect(context.close).toHaveBeenCalled();
  });

  it('falls back to a ScriptProcessorNode, copying the reused buffer', async () => {
    const context = fakeAudioContext({ withWorklet: false });
    const chunks: Float32Array[][] = [];
    const capture = await createPcmCapture(stream, (channels) => chunks.push(channels));
    const processor = context.createScriptProcessor.mock.results[0]!.value as FakeScriptProcessor;
    const reused = new Float32Array([0.5, -0.5]);
    const inputBuffer = {
      numberOfChannels: 1,
      getChannelData: () => reused,
    } as unknown as AudioBuffer;
    processor.onaudioprocess?.({ inputBuffer });
    reused.fill(0);
    expect(chunks.map((channels) => channels.map((c) => Array.from(c)))).toEqual([[[0.5, -0.5]]]);

    await capture.close();
    expect(processor.onaudioprocess).toBeNull();
    expect(context.close).toHaveBeenCalled();
  });

  it('closes the context when the graph cannot be built', async () => {
    const context = fakeAudioContext({ withWorklet: true });
    context.audioWorklet?.addModule.mockRejectedValueOnce(new Error('no worklet'));
    await expect(createPcmCapture(stream, vi.fn())).rejects.toThrow('no worklet');
    expect(context.close).toHaveBeenCalled();
  });
});

describe('the capture worklet', () => {
  /** Runs the worklet's source with a fake AudioWorkletGlobalScope; answers its processor. */
  function loadProcessor() {
    const posted: Float32Array[][] = [];
    class AudioWorkletProcessor {
      port = { postMessage: (channels: Float32Array[]) => posted.push(channels) };
    }
    let Processor!: new () => { process(inputs: Float32Array[][]): boolean };
    const registerProcessor = (_name: string, processor: typeof Processor) => {
      Processor = processor;
    };
    new Function('AudioWorkletProcessor', 'registerProcessor', WORKLET_SOURCE)(
      AudioWorkletProcessor,
      registerProcessor,
    );
    return { processor: new Processor(), posted };
  }

  it('posts every channel in batches of 2048 frames', () => {
    const { processor, posted } = loadProcessor();
    const quantum = (value: number) => [new Float32Array(128).fill(value), new Float32Array(128)];
    for (let i = 0; i < 15; i++) expect(processor.process([quantum(i)])).toBe(true);
    expect(posted).toEqual([]);
    processor.process([quantum(15)]);
    expect(posted).toHaveLength(1);
    const [left, right] = posted[0]!;
    expect(left).toHaveLength(2048);
    expect(right).toHaveLength(2048);
    expect(left![0]).toBe(0);
    expect(left![2047]).toBe(15);

    processor.process([[new Float32Array(128)]]);
    processor.process([[new Float32Array(128)]]);
    expect(posted).toHaveLength(1);
  });

  it('posts what it has before the channel count changes', () => {
    const { processor, posted } = loadProcessor();
    processor.process([[new Float32Array(128).fill(1)]]);
    processor.process([[new Float32Array(128), new Float32Array(128)]]);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toHaveLength(1);
    expect(posted[0]![0]).toEqual(new Float32Array(128).fill(1));
  });

  it('takes render quanta larger than a batch', () => {
    const { processor, posted } = loadProcessor();
    processor.process([[new Float32Array(128)]]);
    processor.process([[new Float32Array(4096).fill(1)]]);
    expect(posted.map(([mono]) => mono!.length)).toEqual([128, 4096]);
  });

  it('keeps running without input', () => {
    const { processor, posted } = loadProcessor();
    expect(processor.process([])).toBe(true);
    expect(processor.process([[]])).toBe(true);
    expect(posted).toEqual([]);
  });
});
