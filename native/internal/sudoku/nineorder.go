package sudoku

import (
	"context"
	"math/bits"

	"puzzlesat/internal/poll"
)

// solveOrdered returns the answer that nine.go's search finds first
// (nineSearch: the first two-digit cell in reading order, else the cell
// with the fewest digits, digits ascending), so that a puzzle with
// several answers keeps the one it always had, at the speed of the
// permutation search.
//
// It walks that search's path alone. At each node of the path, each
// option left of the one taken is handed to the permutation search: the
// first that has an answer is the one nineSearch would have descended
// into (the options before it have none), and its answer guides the walk
// from there on: every node of the path then has an answer below it, so
// only the options left of the guide's digit are asked about. An option
// with no answer is one that nineSearch would have failed in, at its own
// cost; the permutation search refutes it with half the nodes. Found is 0
// or 1; Nodes counts the path and the permutation searches.
func solveOrdered(ctx context.Context, cells []int16, maxNodes int64) Result {
	tick := poll.New(ctx)
	var st nineState
	for b := range st.cand {
		for d := range st.cand[b] {
			st.cand[b][d] = s9Band
		}
	}
	for i, v := range cells {
		if v == 0 {
			continue
		}
		b, k := i/27, uint(i%27)
		if st.cand[b][v-1]>>k&1 == 0 || st.solved[b]>>k&1 != 0 {
			return Result{} // the givens clash
		}
		st.place(int(v-1), b, k)
	}
	var r Result
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
		if !st.propagate() {
			return r // only before a guide: the options left of the path had none
		}
		b, k, ok := st.bivalue()
		if !ok {
			if st.solved == [3]uint32{s9Band, s9Band, s9Band} {
				r.Found, r.Answer = 1, nineAnswer(&st)
				return r
			}
			b, k = st.fewest()
		}
		g := -1
		if guide != nil {
			g = int(guide[27*b+int(k)]) - 1
		}
		var ds [9]int
		n := 0
		for d, x := range st.cand[b] {
			if x>>k&1 != 0 {
				ds[n] = d
				n++
			}
		}
		// The last option needs no question: nineSearch goes on into it
		// when the others have no answer.
		next := ds[n-1]
		for _, d := range ds[:n-1] {
			if d == g {
				next = d
				break
			}
			child := st
			child.place(d, b, k)
			// place changed band b and digit d's words; nine.go's band
			// analysis rests in the others.
			ps := permFromNine(&child, permField<<(9*b)|(1|1<<9|1<<18)<<d)
			s := &permSearch{tick: &tick, limit: 1, maxNodes: maxNodes - r.Nodes}
			s.search(&ps)
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
		st.place(next, b, k)
	}
}

// nineAnswer returns the cells of a solved nineState.
func nineAnswer(st *nineState) []int16 {
	a := make([]int16, 81)
	for b := range st.cand {
		for d, m := range st.cand[b] {
			for ; m != 0; m &= m - 1 {
				a[27*b+bits.TrailingZeros32(m)] = int16(d + 1)
			}
		}
	}
	return a
}
