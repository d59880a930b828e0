import cliProgress from 'cli-progress';

/** The one progress display of every command (cli-progress). */
export interface Progress {
  /** How far it is (`value`), the total when it changed (a file of known size read next), and the format's values. */
  update(value: number, values?: { total?: number } & Record<string, string | number>): void;
  /** Ends the display: the bar's last state stays on its line, the next output on a new one. */
  stop(): void;
}

export interface ProgressOptions {
  /**
   * cli-progress's format: `{bar}`, `{percentage}`, `{value}`, `{total}`, `{eta_formatted}` and the names given to
   * `update` (`{records}`, `{file}`, ...).
   */
  format: string;
  /** The total, when known at the start (0: none, for a count without an end: bytes written). */
  total: number;
  stream?: NodeJS.WriteStream;
  /**
   * Without a terminal (a log file, CI), a line `<label>: value/total (n%)` per tenth of the way and at the end;
   * unset: nothing, and the command's summary says it all.
   */
  pipedLabel?: string;
}

const NOTHING: Progress = { update: () => undefined, stop: () => undefined };

/** A bar redrawn in place on a terminal (stderr by default, so standard output stays the command's result). */
export function progressBar(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  if (!stream.isTTY) return options.pipedLabel ? pipedLines(stream, options.pipedLabel, options.total) : NOTHING;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: options.format,
      barsize: 30,
      hideCursor: false,
      // Redrawn at most ten times a second: a fast import's updates cost nothing on the terminal.
      fps: 10,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(value, values = {}) {
      const { total, ...payload } = values;
      if (!started) {
        bar.start(total ?? options.total, value, payload);
        started = true;
        return;
      }
      if (total !== undefined && total !== bar.getTotal()) bar.setTotal(total);
      bar.update(value, payload);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function pipedLines(stream: NodeJS.WriteStream, label: string, initialTotal: number): Progress {
  let total = initialTotal;
  let lastTenth = -1;
  let last = '';
  return {
    update(value, values = {}) {
      if (values.total !== undefined) total = values.total;
      if (!total) return;
      const tenth = Math.floor((value / total) * 10);
      last = `${label}: ${value}/${total} (${Math.floor((value / total) * 100)}%)`;
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        stream.write(`${last}\n`);
        if (value >= total) last = '';
      }
    },
    stop() {
      // The end is always printed, once.
      if (last && lastTenth < 10) stream.write(`${last}\n`);
    },
  };
}
