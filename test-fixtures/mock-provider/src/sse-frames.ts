/** One SSE frame of a recorded body: its `event:` name (when it has one) and its joined `data:` lines. */
export interface RecordedFrame {
  event: string | undefined;
  data: string;
}

/**
 * Splits a recorded SSE body into its frames (blank-line separated; CRLF or LF), keeping the
 * frames that carry data. Recorded and scripted bodies are well formed, so this is the plain
 * reading of them, not a general SSE parser.
 */
export function recordedFrames(sse: Buffer): RecordedFrame[] {
  const frames: RecordedFrame[] = [];
  for (const block of sse.toString("utf8").split(/\r?\n\r?\n/)) {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      else if (line.startsWith("event:")) event = line.slice(6).trim();
    }
    if (data.length > 0) frames.push({ event, data: data.join("\n") });
  }
  return frames;
}
