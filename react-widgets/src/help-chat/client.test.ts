import { describe, expect, it } from "vitest";
import { parseEvents } from "./client";

describe("server-sent event parsing", () => {
  it("skips heartbeats and keeps an unfinished event for the next chunk", () => {
    const first = parseEvents(
      ': ping\n\nevent: message\ndata: {"a":1}\n\nevent: mess',
    );
    expect(first.events).toEqual([{ event: "message", data: '{"a":1}' }]);
    const second = parseEvents(`${first.rest}age\ndata: x:y\n\n`);
    expect(second.events).toEqual([{ event: "message", data: "x:y" }]);
    expect(second.rest).toBe("");
  });
});
