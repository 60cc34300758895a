/** A small progress bar for long CLI work; quiet when stdout is not a terminal. */
export function progressBar(label: string, total: number, stream: NodeJS.WriteStream = process.stderr) {
  const width = 28;
  const tty = stream.isTTY === true;
  let last = -1;
  return {
    update(done: number) {
      const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (pct === last) return;
      last = pct;
      const filled = Math.round((pct / 100) * width);
      const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${pct}%`;
      if (tty) stream.write(`\r${line}`);
      else if (done === total) stream.write(`${line}\n`);
    },
    done() {
      if (tty) stream.write('\n');
    },
  };
}
