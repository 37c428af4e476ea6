// Package sudoku holds native's three sudoku searches, one per size
// family, behind one entry point, Run.
//
// Every search places naked singles (a cell with one candidate) and hidden
// singles (a symbol that fits one cell of a unit), fails on a cell or a
// unit symbol without a place, and branches on a constraint with the
// fewest options:
//   - 9x9 (nine.go): a bitboard per digit and band, copied at each guess,
//     with box-line interactions both ways and three digits per minirow,
//     branching on a band's digit permutations (nineperm.go); a solve
//     keeps the answer of the order branching on a two-digit cell, which
//     it walks and asks the permutation search about (nineorder.go).
//   - 4x4 to 49x49 (small.go): a candidate bitmask per cell and the places
//     left to each symbol in each unit, copied at each node, with box-line
//     interactions; after a few hundred nodes (hard 25x25 puzzles need
//     more) a look-ahead (look.go) at every node.
//   - 64x64 to 400x400 (wide.go): candidate bitsets of any width and
//     counts, changed in place and undone from a trail, so that a node
//     costs what it changes; the fewest options are found in buckets. When
//     the plain search keeps failing it learns nogoods (learn.go).
//
// Each of these prunings can be switched off: a search reads which are
// on from the bits of the Cut constants (technique.Bits) when it starts.
// Each counts its acts into Result.Cuts; a pruning off counts nothing.
//
// The cuts without a switch, and why they stay:
//   - two equal givens in a unit, or a placement of a symbol already
//     placed in the unit, fail: an answer must be a Latin square, so they
//     make the search correct, not fast;
//   - on 9x9 the band rule (a digit's segments of a band form one of six
//     permutations) is the state itself: every digit word is kept to the
//     union of its permutations, and the hidden singles of rows and boxes
//     and the solved test read it; its look-up fails an empty row or box
//     of a band whatever dead-cell says, and nine.go's column rule (the
//     stack rule's alternative) stands in for it across bands;
//   - on 9x9 the order a solve walks (its rules, the first two-digit
//     cell, digits ascending) defines the answer returned, so no switch
//     changes it: its cuts count only while the switches leave its rules
//     on;
//   - 64x64 and up keep the dead-constraint check, where learning finds
//     its failures, and restart by Luby's schedule (an order, not a cut);
//   - 4x4 to 49x49 turn look-ahead on only past plainNodes, a schedule of
//     the look-ahead switch itself.
package engine

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// ErrNodeLimit is returned by a search that stopped at its node limit.
var ErrNodeLimit = errors.New("node limit reached")

// Result is what a search reports: the answers found (the first kept),
// its nodes, and why it stopped early, if it did (the context's error or
// ErrNodeLimit). On 9x9 the nodes are the decisions, each child entered
// (the root is none), as a trace draws them; a node limit bounds them.
type Result struct {
	Found  int
	Answer []int16
	Nodes  int64
	Err    error
	Cuts   []int64 // the acts of each pruning, indexed by the Cut constants
}

// The prunings, indexed as the dfs package's table of them, the bits of
// a technique.Bits and Result.Cuts: one
// count a cell filled (NakedSingles, HiddenSingles), a decision chosen
// (FewestFirst, BandBranch), a candidate removed (BoxLine), an option
// dropped by a probe (LookAhead), a candidate removed or a node failed
// (StackRule, Minirows), a nogood learnt (Learning) or a node failed on a
// dead cell or symbol (DeadCell). A filled cell is a decision the search
// does not make; a failed node, the branch that led to it.
const (
	CutNakedSingles = iota
	CutHiddenSingles
	CutFewestFirst
	CutBoxLine
	CutLookAhead
	CutBandBranch
	CutStackRule
	CutMinirows
	CutLearning
	CutDeadCell
	NumCuts
)

// AllOn has every pruning on, the defaults.
const AllOn technique.Bits = 1<<NumCuts - 1

// Run checks p and runs the search that fits its size, stopping at limit
// answers (limit <= 0: no limit) or maxNodes nodes (maxNodes <= 0: no
// bound), with the prunings on (bit i for the Cut constant i). Each only
// removes what no answer uses or orders the branches, so switching it off
// changes the work and never a count or whether an answer exists. A 9x9
// solve returns the same answer whatever is off; at other sizes a grid
// with several answers may give another one. sink, when not nil,
// receives the search's tree. The error is for an instance no parser
// makes.
func Run[C trace.Counts](ctx context.Context, p sudoku.Instance, limit int, maxNodes int64, on technique.Bits, sink trace.Sink) (Result, error) {
	if err := check(p); err != nil {
		return Result{}, err
	}
	if limit <= 0 {
		limit = math.MaxInt
	}
	if maxNodes <= 0 {
		maxNodes = math.MaxInt64
	}
	switch {
	case p.Box == 3 && limit == 1:
		return solveOrdered[C](ctx, p.Cells, maxNodes, on, sink), nil
	case p.Box == 3:
		return solvePerm[C](ctx, p.Cells, limit, maxNodes, on, sink), nil
	case p.Box <= smallMax:
		return runSmall[C](ctx, p, limit, maxNodes, on, sink), nil
	}
	return runWide[C](ctx, p, limit, maxNodes, on, sink), nil
}

// check rejects an instance no parser makes.
func check(p sudoku.Instance) error {
	if p.Box < 2 || p.Box > sudoku.MaxBox {
		return fmt.Errorf("sudoku box %d outside 2..%d", p.Box, sudoku.MaxBox)
	}
	side := p.Side()
	if len(p.Cells) != side*side {
		return fmt.Errorf("sudoku of box %d has %d cells, want %d", p.Box, len(p.Cells), side*side)
	}
	if side == 9 && nineValues(p.Cells) {
		return nil
	}
	for c, v := range p.Cells {
		if v < 0 || int(v) > side {
			return fmt.Errorf("sudoku cell %d holds %d, want 0..%d", c, v, side)
		}
	}
	return nil
}

// nineValues reports whether every cell holds 0 to 9, without a branch
// per cell: bit 16 of uint16(v) + 0xfff6 is set when v is past 9 or
// negative.
func nineValues(cells []int16) bool {
	var bad uint32
	for _, v := range cells {
		bad |= uint32(uint16(v)) + 0xfff6
	}
	return bad>>16 == 0
}
