package lab

import (
	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
)

// pictureOf draws a, an answer of p, as the puzzle: as k draws it
// (kind.Painter), or as the judge's text for a kind that draws nothing.
func pictureOf(k puzzlesat.Kind, p kind.Instance, a puzzlesat.Answer) kind.Picture {
	if pt, ok := k.Kind.(kind.Painter); ok {
		return pt.Picture(p, a.Value)
	}
	return kind.Picture{Type: "text", Text: a.Text}
}
