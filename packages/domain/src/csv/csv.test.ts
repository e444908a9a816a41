import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.js";

describe("csvCell", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+44 7700", "'+44 7700"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
    ["a=b", "a=b"],
    ["Smith, Ann", '"Smith, Ann"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=A1,B1", `"'=A1,B1"`],
  ])("%j → %j", (value, expected) => expect(csvCell(value)).toBe(expected));

  it("writes numbers as they are and nothing for null", () => {
    expect([csvCell(-5), csvCell(59.9), csvCell(null), csvCell(undefined), csvCell(true)]).toEqual(["-5", "59.9", "", "", "true"]);
  });
});

it("toCsv: a header and rows, CRLF line ends", () => {
  expect(
    toCsv(
      ["A", "B"],
      [
        ["x", 1],
        ["=y", null],
      ],
    ),
  ).toBe("A,B\r\nx,1\r\n'=y,\r\n");
});
