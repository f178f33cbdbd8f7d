// npm run bench: the entry point; the bench itself lives in scripts/bench/ (index.mjs runs it).
// See bench/README.md for the settings, the flags and how to read the report.
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(
    `Node ${process.version} is too old for the bench (it imports TypeScript from scripts/perf and integrations/perf). Run it with "npm run bench", which uses the project's Node 22.`,
  );
  process.exit(1);
}
await import('./bench/index.mjs');
