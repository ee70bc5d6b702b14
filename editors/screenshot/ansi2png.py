#!/usr/bin/env python3
"""Render a terminal screen, as `tmux capture-pane -e -p` prints it (text
with SGR colour sequences), to a PNG.

    python3 ansi2png.py SCREEN.txt OUT.png [--font FILE.ttf] [--size 15]

Needs Pillow (Debian: python3-pil) and a monospace TrueType font (Debian:
fonts-dejavu-core). Understands the SGR codes tmux writes: bold, italic,
underline, reverse, the 16 colours, 256-colour indices and 24-bit colours.
"""

import argparse
import re
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont

DEFAULT_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"

FOREGROUND = (220, 220, 220)
BACKGROUND = (28, 28, 30)

# xterm's 16 colours.
BASE16 = [
    (0, 0, 0),
    (205, 49, 49),
    (13, 188, 121),
    (229, 229, 16),
    (36, 114, 200),
    (188, 63, 188),
    (17, 168, 205),
    (229, 229, 229),
    (102, 102, 102),
    (241, 76, 76),
    (35, 209, 139),
    (245, 245, 67),
    (59, 142, 234),
    (214, 112, 214),
    (41, 184, 219),
    (255, 255, 255),
]


def color256(n):
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return steps[n // 36], steps[(n // 6) % 6], steps[n % 6]
    level = 8 + 10 * (n - 232)
    return level, level, level


class Style:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = None
        self.bg = None
        self.bold = False
        self.italic = False
        self.underline = False
        self.reverse = False

    def copy(self):
        s = Style()
        s.__dict__.update(self.__dict__)
        return s

    def apply(self, params):
        codes = params.split(";") if params else ["0"]
        i = 0
        while i < len(codes):
            raw = codes[i]
            code = int(raw.split(":")[0] or 0)
            if code == 0:
                self.reset()
            elif code == 1:
                self.bold = True
            elif code == 3:
                self.italic = True
            elif code == 4:
                self.underline = raw != "4:0"
            elif code == 7:
                self.reverse = True
            elif code == 22:
                self.bold = False
            elif code == 23:
                self.italic = False
            elif code == 24:
                self.underline = False
            elif code == 27:
                self.reverse = False
            elif 30 <= code <= 37:
                self.fg = BASE16[code - 30]
            elif 90 <= code <= 97:
                self.fg = BASE16[code - 90 + 8]
            elif 40 <= code <= 47:
                self.bg = BASE16[code - 40]
            elif 100 <= code <= 107:
                self.bg = BASE16[code - 100 + 8]
            elif code == 39:
                self.fg = None
            elif code == 49:
                self.bg = None
            elif code in (38, 48, 58):
                color = None
                if i + 1 < len(codes) and codes[i + 1] == "5":
                    color = color256(int(codes[i + 2]))
                    i += 2
                elif i + 1 < len(codes) and codes[i + 1] == "2":
                    color = tuple(int(c) for c in codes[i + 2 : i + 5])
                    i += 4
                if code == 38:
                    self.fg = color
                elif code == 48:
                    self.bg = color
            i += 1


def parse(text):
    """Rows of (char, Style) cells."""
    rows = []
    style = Style()
    for line in text.split("\n"):
        cells = []
        for m in re.finditer(r"\x1b\[([0-9;:]*)m|\x1b\[[0-9;?]*[A-Za-z]|([^\x1b])", line):
            if m.group(2) is not None:
                ch = m.group(2)
                cells.append((ch, style.copy()))
                if unicodedata.east_asian_width(ch) in "WF":
                    cells.append(("", style.copy()))
            elif m.group(0).endswith("m"):
                style.apply(m.group(1))
        rows.append(cells)
    return rows


# Box-drawing characters (Neovim's float borders), drawn as lines that meet
# across cells whatever the font's line height: the sides of the cell's
# centre they reach (left, right, up, down).
BOX = {
    "─": "lr",
    "━": "lr",
    "│": "ud",
    "┃": "ud",
    "┌": "rd",
    "╭": "rd",
    "┐": "ld",
    "╮": "ld",
    "└": "ru",
    "╰": "ru",
    "┘": "lu",
    "╯": "lu",
    "├": "udr",
    "┤": "udl",
    "┬": "lrd",
    "┴": "lru",
    "┼": "lrud",
}


def box(draw, sides, left, top, cw, ch, fill):
    cx, cy = left + cw // 2, top + ch // 2
    ends = {"l": (left, cy), "r": (left + cw - 1, cy), "u": (cx, top), "d": (cx, top + ch - 1)}
    for side in sides:
        draw.line([(cx, cy), ends[side]], fill=fill)


def render(rows, out, font_file, size, columns, lines, pad=12):
    font = ImageFont.truetype(font_file, size)
    try:
        bold = ImageFont.truetype(BOLD_FONT, size)
    except OSError:
        bold = font
    ascent, descent = font.getmetrics()
    cw = round(font.getlength("M"))
    ch = ascent + descent + 2
    image = Image.new("RGB", (columns * cw + 2 * pad, lines * ch + 2 * pad), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for y, cells in enumerate(rows[:lines]):
        for x, (char, style) in enumerate(cells[:columns]):
            fg = style.fg or FOREGROUND
            bg = style.bg or BACKGROUND
            if style.reverse:
                fg, bg = bg, fg
            left, top = pad + x * cw, pad + y * ch
            if bg != BACKGROUND:
                draw.rectangle([left, top, left + cw - 1, top + ch - 1], fill=bg)
            if char in BOX:
                box(draw, BOX[char], left, top, cw, ch, fg)
            elif char and char != " ":
                draw.text((left, top + 1), char, font=bold if style.bold else font, fill=fg)
            if style.underline:
                draw.line([left, top + ascent + 2, left + cw - 1, top + ascent + 2], fill=fg)
    image.save(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("screen")
    parser.add_argument("out")
    parser.add_argument("--font", default=DEFAULT_FONT)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--columns", type=int)
    parser.add_argument("--lines", type=int)
    args = parser.parse_args()
    with open(args.screen, encoding="utf-8", errors="replace") as f:
        rows = parse(f.read().rstrip("\n"))
    columns = args.columns or max(len(r) for r in rows)
    lines = args.lines or len(rows)
    render(rows, args.out, args.font, args.size, columns, lines)


if __name__ == "__main__":
    sys.exit(main())
