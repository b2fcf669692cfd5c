// The markdown worker thread: renders articles (markdown-it + KaTeX + highlight.js + sanitize-html) and builds
// .docx exports off the API's event loop. From the sources, the thread compiles TypeScript itself (tsx), so it runs
// the same modules under `tsx src/server.ts`, the worker entry and the test runner. The build (apps/api/build.mjs)
// does not use this file: it bundles markdown.task.ts into dist/markdown.worker.mjs, which the pool finds at the
// same relative URL next to dist/server.js.
import { register } from 'tsx/esm/api';

register();
const { default: run } = await import('./markdown.task.ts');

export default run;
