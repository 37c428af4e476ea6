package sudoku

import (
	"context"

	"puzzlesat/internal/poll"
)

// solveOrdered returns the answer that nine.go's order finds first, so
// that a puzzle with several answers keeps the one it always had, at the
// speed of the permutation search. The order is a depth-first search
// that propagates with nine.go's rules (the band rule, naked singles and
// the column rule: permState.propagate(false)), branches on the first
// free cell with two digits in reading order, else on the free cell with
// the fewest, and tries the digits in ascending order.
//
// solveOrdered walks that search's path alone. At each node of the path,
// each option left of the one taken is handed to the permutation search:
// the first that has an answer is the one the order descends into (the
// options before it have none), and its answer guides the walk from
// there on: every node of the path then has an answer below it, so only
// the options left of the guide's digit are asked about. An option with
// no answer is one that the order would have failed in at its own cost;
// the permutation search refutes it in about half the nodes. Found is 0
// or 1; Nodes counts the path and the permutation searches.
func solveOrdered(ctx context.Context, cells []int16, maxNodes int64) Result {
	var r Result
	st, ok := newPermState(cells)
	if !ok {
		return r // the givens clash
	}
	tick := poll.New(ctx)
	var guide []int16 // an answer below the current node, once one is known
	for {
		r.Nodes++
		if r.Nodes >= maxNodes {
			r.Err = ErrNodeLimit
			return r
		}
		if !tick.Tick() {
			r.Err = tick.Err()
			return r
		}
		if !st.propagate(false) {
			return r // only before a guide: the options left of the path had none
		}
		if st.solved[0]&st.solved[1]&st.solved[2] == s9Band {
			r.Found, r.Answer = 1, st.answer()
			return r
		}
		b, k := st.cell()
		g := -1
		if guide != nil {
			g = int(guide[27*b+int(k)]) - 1
		}
		var ds [9]int
		n := 0
		for d := range 9 {
			if st.cand[9*b+d]>>k&1 != 0 {
				ds[n] = d
				n++
			}
		}
		// The last option needs no question: the order goes on into it
		// when the others have no answer.
		next := ds[n-1]
		for _, d := range ds[:n-1] {
			if d == g {
				next = d
				break
			}
			child := st
			child.placeOne(b, d, k)
			// The full rules have yet to see every digit.
			child.pending, child.segDirty = s9Field, 1
			s := &permSearch{tick: &tick, limit: 1, maxNodes: maxNodes - r.Nodes}
			s.search(&child)
			r.Nodes += s.nodes
			if s.err != nil {
				r.Err = s.err
				return r
			}
			if s.found > 0 {
				next, guide = d, s.answer
				break
			}
		}
		st.placeOne(b, next, k)
	}
}
