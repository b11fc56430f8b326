import { describe, expect, it } from "vitest";
import { mount } from "./loader";

describe("widget loader", () => {
  it("rejects an unknown widget name without loading anything", async () => {
    const el = document.createElement("div");
    el.textContent = "kept";
    await expect(mount("nope", el, {})).rejects.toThrowError(
      "unknown widget: nope",
    );
    expect(el.textContent).toBe("kept");
    expect(document.head.querySelector("link[rel=stylesheet]")).toBeNull();
  });
});
