package sudoku

import (
	"strconv"
	"strings"
)

// Grid returns a drawn as a grid for people to read, not for a judge: a
// row of the board a line, the symbols of p's alphabet (or numbers, of
// one width) separated by spaces, the boxes by "|" and by a line of
// "-" and "+", and a blank line after the grid.
func (p Instance) Grid(a Answer) string {
	s := p.Side()
	width := 1
	if p.Layout == Numeric {
		width = len(strconv.Itoa(s))
	}
	var b strings.Builder
	rule := ruleLine(p.Box, width)
	for r := range s {
		if r > 0 && r%p.Box == 0 {
			b.WriteString(rule)
		}
		for c := range s {
			if c > 0 {
				b.WriteByte(' ')
				if c%p.Box == 0 {
					b.WriteString("| ")
				}
			}
			v := int16(0)
			if i := r*s + c; i < len(a.Cells) {
				v = a.Cells[i]
			}
			sym := p.symbol(nil, v, '.')
			b.WriteString(strings.Repeat(" ", width-len(sym)))
			b.Write(sym)
		}
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	return b.String()
}

// ruleLine returns the line between two bands of boxes of side box, each
// cell width wide: "------+-------+------" for a 9x9 grid.
func ruleLine(box, width int) string {
	var b strings.Builder
	for i := range box {
		if i > 0 {
			b.WriteString("-+-")
		}
		// box cells of width and box-1 spaces between them.
		b.WriteString(strings.Repeat("-", box*width+box-1))
	}
	b.WriteByte('\n')
	return b.String()
}
