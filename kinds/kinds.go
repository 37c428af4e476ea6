// Package kinds registers every puzzle kind of puzzlesat: importing it,
// as package puzzlesat does, makes each known to package kind. Its
// imports are the only list of the kinds in the repository: adding a kind
// is its folder under kinds/ and one line here.
package kinds

import (
	_ "github.com/puzzlesat/puzzlesat/kinds/addchain/spec"
	_ "github.com/puzzlesat/puzzlesat/kinds/alphametic/spec"
	_ "github.com/puzzlesat/puzzlesat/kinds/cake/spec"
	_ "github.com/puzzlesat/puzzlesat/kinds/cats/spec"
	_ "github.com/puzzlesat/puzzlesat/kinds/cryptarithm/spec"
	_ "github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/spec"
	_ "github.com/puzzlesat/puzzlesat/kinds/queens/spec"
	_ "github.com/puzzlesat/puzzlesat/kinds/sticks/spec"
	_ "github.com/puzzlesat/puzzlesat/kinds/sudoku/spec"
)
