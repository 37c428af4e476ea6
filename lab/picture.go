package lab

import (
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/puzzle"
)

// picture is an answer drawn as its puzzle, in a form the page draws
// without knowing the kind: a grid (sudoku, queens), bars made of pieces
// (the sticks from their pieces, the cars from their cats), a stack of
// layers (a cake), or rows of words with the digits of their letters (the
// alphametics and the digit puzzle). A kind the lab does not know is
// drawn as its judge's text.
type picture struct {
	Type    string     `json:"type"` // grid, bars, layers, words or text
	Caption string     `json:"caption,omitempty"`
	Grid    *gridPic   `json:"grid,omitempty"`
	Bars    *barsPic   `json:"bars,omitempty"`
	Layers  []layerPic `json:"layers,omitempty"`
	Words   [][]string `json:"words,omitempty"` // rows of cells, "" for none
	Text    string     `json:"text,omitempty"`
}

type gridPic struct {
	Size  int      `json:"size"` // cells per side
	Box   int      `json:"box"`  // the side of a box, 0 for none
	Cells []string `json:"cells"`
	Given []bool   `json:"given"` // a clue of the input, drawn bold
}

type barsPic struct {
	Length int        `json:"length"` // the length of a full bar
	Bars   [][]int    `json:"bars"`   // the pieces of each bar, by length
	Labels [][]string `json:"labels,omitempty"`
}

type layerPic struct {
	R int `json:"r"`
	H int `json:"h"`
}

// pictureOf draws a, an answer of p.
func pictureOf(p puzzlesat.Problem, a puzzlesat.Answer) picture {
	switch x := a.Value.(type) {
	case puzzle.SudokuAnswer:
		q, ok := p.(puzzle.Sudoku)
		if !ok {
			break
		}
		return sudokuPicture(q, x)
	case puzzle.QueensAnswer:
		return queensPicture(x)
	case puzzle.SticksAnswer:
		return picture{Type: "bars", Caption: "stick length " + strconv.Itoa(x.Length),
			Bars: &barsPic{Length: x.Length, Bars: x.Sticks}}
	case puzzle.CatsAnswer:
		if q, ok := p.(puzzle.Cats); ok {
			return catsPicture(q, x)
		}
	case puzzle.CakeAnswer:
		pic := picture{Type: "layers", Caption: "area " + strconv.Itoa(x.Area) + "π"}
		for _, l := range x.Layers {
			pic.Layers = append(pic.Layers, layerPic{l.R, l.H})
		}
		if x.Area == 0 {
			return picture{Type: "text", Text: a.Text, Caption: "no cake of that volume and layer count"}
		}
		return pic
	case puzzle.AlphameticAnswer:
		if q, ok := p.(puzzle.Alphametic); ok {
			digit := func(c byte) int { return x.Digits[c-'A'] }
			return wordsPicture(q.Words[:2], q.Words[2], digit, q.N)
		}
	case puzzle.CryptarithmAnswer:
		if q, ok := p.(puzzle.Cryptarithm); ok {
			letters := q.Letters()
			digit := func(c byte) int { return x.Digits[strings.IndexByte(letters, c)] }
			return wordsPicture(q.Addends, q.Sum, digit, q.Base)
		}
	case puzzle.DigitAnswer:
		if q, ok := p.(puzzle.Digit); ok {
			return picture{Type: "words", Caption: "the pattern with the fewest changes, then the least",
				Words: [][]string{{"", q.A, "×", q.B, "=", q.C}, {"→", x.A, "×", x.B, "=", x.C}}}
		}
	}
	return picture{Type: "text", Text: a.Text}
}

func sudokuPicture(q puzzle.Sudoku, a puzzle.SudokuAnswer) picture {
	s := q.Box * q.Box
	g := &gridPic{Size: s, Box: q.Box, Cells: make([]string, len(a.Cells)), Given: make([]bool, len(a.Cells))}
	for i, v := range a.Cells {
		if q.Alphabet != "" && int(v) <= len(q.Alphabet) {
			g.Cells[i] = q.Alphabet[v-1 : v]
		} else {
			g.Cells[i] = strconv.Itoa(int(v))
		}
		g.Given[i] = i < len(q.Cells) && q.Cells[i] != 0
	}
	return picture{Type: "grid", Grid: g}
}

func queensPicture(a puzzle.QueensAnswer) picture {
	if len(a.First) == 0 {
		return picture{Type: "text", Text: "no solution"}
	}
	cols := a.First[0]
	n := len(cols)
	g := &gridPic{Size: n, Cells: make([]string, n*n), Given: make([]bool, n*n)}
	for r, c := range cols {
		g.Cells[r*n+c-1] = "♛"
	}
	caption := "the first solution"
	if a.Count >= 0 {
		caption += " of " + strconv.Itoa(a.Count)
	}
	return picture{Type: "grid", Grid: g, Caption: caption}
}

func catsPicture(q puzzle.Cats, a puzzle.CatsAnswer) picture {
	b := &barsPic{Length: q.W}
	for _, car := range a.Cars {
		var ws []int
		var ls []string
		for _, i := range car {
			ws = append(ws, q.Weights[i])
			ls = append(ls, "cat "+strconv.Itoa(i+1))
		}
		b.Bars = append(b.Bars, ws)
		b.Labels = append(b.Labels, ls)
	}
	return picture{Type: "bars", Caption: strconv.Itoa(len(a.Cars)) + " cars of capacity " + strconv.Itoa(q.W), Bars: b}
}

// wordsPicture writes the sum twice, in letters and in digits, right
// aligned in columns, then each letter with its digit.
func wordsPicture(addends []string, sum string, digit func(byte) int, base int) picture {
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
	return picture{Type: "words", Words: rows, Caption: caption}
}
