package kind

import "strconv"

// Picture is an answer drawn as its puzzle, in a form a page draws without
// knowing the kind: a grid (a sudoku's), bars made of pieces (sticks from
// their pieces), a stack of layers, or rows of words with the digits of
// their letters; or plain text.
type Picture struct {
	Type    string     `json:"type"` // grid, bars, layers, words or text
	Caption string     `json:"caption,omitempty"`
	Grid    *Grid      `json:"grid,omitempty"`
	Bars    *Bars      `json:"bars,omitempty"`
	Layers  []Layer    `json:"layers,omitempty"`
	Words   [][]string `json:"words,omitempty"` // rows of cells, "" for none
	Text    string     `json:"text,omitempty"`
}

// Grid is a square of cells, in boxes.
type Grid struct {
	Size  int      `json:"size"` // cells per side
	Box   int      `json:"box"`  // the side of a box, 0 for none
	Cells []string `json:"cells"`
	Given []bool   `json:"given"` // a clue of the input, drawn bold
}

// Bars are bars of one length made of pieces.
type Bars struct {
	Length int        `json:"length"` // the length of a full bar
	Bars   [][]int    `json:"bars"`   // the pieces of each bar, by length
	Labels [][]string `json:"labels,omitempty"`
}

// Layer is one layer of a stack: its radius and height.
type Layer struct {
	R int `json:"r"`
	H int `json:"h"`
}

// Painter is a kind whose answers the lab draws as the puzzle; the
// others are drawn as their judge's text.
type Painter interface {
	Picture(p Instance, a Answer) Picture
}

// WordsPicture writes a sum twice, in letters and in digits (digit gives
// a letter's, written in base), right aligned in columns: the picture of
// the answer of a sum in letters.
func WordsPicture(addends []string, sum string, digit func(byte) int, base int) Picture {
	words := append(append([]string(nil), addends...), sum)
	width := 0
	for _, w := range words {
		width = max(width, len(w))
	}
	row := func(op, w string, conv func(byte) string) []string {
		out := []string{op}
		for range width - len(w) {
			out = append(out, "")
		}
		for i := 0; i < len(w); i++ {
			out = append(out, conv(w[i]))
		}
		return out
	}
	letter := func(c byte) string { return string(c) }
	num := func(c byte) string { return strconv.FormatInt(int64(digit(c)), base) }
	var rows [][]string
	for _, conv := range []func(byte) string{letter, num} {
		for i, w := range words {
			op := ""
			switch {
			case i == len(words)-1:
				op = "="
			case i > 0:
				op = "+"
			}
			rows = append(rows, row(op, w, conv))
		}
	}
	caption := ""
	if base != 10 {
		caption = "base " + strconv.Itoa(base)
	}
	return Picture{Type: "words", Words: rows, Caption: caption}
}
