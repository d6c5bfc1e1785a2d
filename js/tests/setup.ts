// Node has no Path2D: a stand-in that keeps the path text (the recording context sees it).
class Path2DStub {
  constructor(readonly d: string = "") {}
}
if (typeof (globalThis as { Path2D?: unknown }).Path2D === "undefined") {
  (globalThis as unknown as { Path2D: typeof Path2DStub }).Path2D = Path2DStub;
}
