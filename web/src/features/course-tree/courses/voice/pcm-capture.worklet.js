/* global AudioWorkletProcessor, registerProcessor */
/**
 * Posts the input's channels every BATCH_FRAMES frames (about 43 ms at 48 kHz) rather than every
 * 128-frame render quantum, to keep the message rate low. What is left in the batch when the
 * capture stops (under 43 ms) is dropped. A file of its own (not a Blob URL) so the
 * Content-Security-Policy can keep scripts to the site's own files.
 */
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
    this.port.postMessage(
      channels,
      channels.map((channel) => channel.buffer),
    );
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
registerProcessor('coursecraft-pcm-capture', PcmCaptureProcessor);
