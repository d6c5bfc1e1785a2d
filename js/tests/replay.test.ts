import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Replay, unpack } from "../src/core/replay";

function pack(data: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(data))).toString("base64");
}

const entry = (ply: number) => ({ ply, seat: ply % 2, action: `tile r (${ply},0)`, events: [] });
const data = {
  seat: 1,
  start: 30,
  views: Array.from({ length: 31 }, (_, ply) => ({ state_id: `replay.${ply}`, history: { ply } })),
  log: Array.from({ length: 30 }, (_, i) => entry(i + 1)),
};

describe("replay", () => {
  it("unpacks what render/replay.py packs", async () => {
    const r = new Replay(await unpack(pack(data)));
    expect(r.length).toBe(30);
    expect(r.seat).toBe(1);
  });

  it("places each ply in the history and gives it the log around it", () => {
    const r = new Replay(data);
    const v = r.viewAt(20);
    expect(v).toMatchObject({ state_id: "replay.20", history: { ply: 20, length: 30, live: false } });
    const log = v.log as { ply: number; future?: boolean }[];
    expect(log.map((e) => e.ply)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]);
    expect(log.filter((e) => e.future).map((e) => e.ply)).toEqual([21, 22, 23, 24, 25, 26]);
    expect(r.viewAt(99)).toMatchObject({ history: { ply: 30, live: true } });
    expect(r.viewAt(-3)).toMatchObject({ history: { ply: 0, live: false } });
  });

  it("refuses what is not a replay, saying what is wrong", async () => {
    await expect(unpack("not base64 !")).rejects.toThrow("base64");
    await expect(unpack(Buffer.from("plain").toString("base64"))).rejects.toThrow("gzip");
    await expect(unpack(pack({ views: [] }))).rejects.toThrow("not a replay");
    await expect(unpack(pack({ ...data, start: "x" }))).rejects.toThrow("not a replay");
    expect((await unpack(pack({ ...data, start: 500 }))).start).toBe(30);
  });
});
