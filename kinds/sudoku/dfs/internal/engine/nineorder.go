package engine

import (
	"context"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// solveOrdered returns the answer that nine.go's order finds first, so
// that a puzzle with several answers keeps the one it always had, at the
// speed of the permutation search. The order is a depth-first search
// that propagates with nine.go's rules (the band rule, naked singles and
// the column rule: orderRules), branches on the first
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
// the permutation search refutes it in about half the nodes.
//
// The question that found the guide left options untried on its way to
// it, and every other answer below the guide's node lies under one of
// them: later options left of the guide's digit are asked about against
// those alone, which the walk narrows step by step. Once none is left,
// the guide is the only answer below the path, and so the order's first:
// the walk ends there. On most easy puzzles the question leaves none.
//
// A question that finds its answer with few failures but leaves options
// marks an easy option, such as those of a grid with many answers: the
// order itself then searches it, within a few times the states the
// question propagated, and its first answer there is the one sought.
// Otherwise the walk goes on; so it does when the order alone runs out of
// budget on a grid with fewer than 17 givens. Found is 0 or 1.
//
// The switches in off change the permutation search, and so the work, but
// not the path: the order's rules define the answer. The cuts of the
// order's rules count when the switches leave them all on (naked and
// hidden singles, dead cells), so that a pruning off counts nothing.
// The nodes are the decisions, as a trace draws them: each step of the
// path, each option asked about (against the path's state, or against a
// state the walk keeps beside the path) and each decision of the
// questions and of the order's own search. Narrowing the kept states to
// the path is no decision.
func solveOrdered[C trace.Counts](ctx context.Context, cells []int16, maxNodes int64, on technique.Bits, sink trace.Sink) Result {
	sc := lend()
	defer giveBack(sc)
	w := (*orderWalk[C])(&sc.walk)
	*w = orderWalk[C]{tick: poll.New(ctx), maxNodes: maxNodes, cfg: permConfigOf(on), stack: &sc.stack}
	// A zero Probe counts; only one that records is started, on the heap.
	var counts trace.Probe[C]
	pr := &counts
	if sink != nil {
		p := new(trace.Probe[C])
		p.Start(sink)
		pr, w.tracing = p, true
	}
	path := pr
	if w.cfg.rules&orderRules != orderRules {
		path = new(trace.Probe[C])
	}
	w.walk(cells, pr, path)
	if w.traced() {
		leaveN(pr, w.open)
	}
	w.r.Cuts = pr.Counts(NumCuts)
	return w.r
}

// walk is solveOrdered's walk, its decisions recorded by pr and the
// order's rules counted by path.
func (w *orderWalk[C]) walk(cells []int16, pr, path *trace.Probe[C]) {
	st, ok := newPermState(cells)
	if !ok {
		return // the givens clash
	}
	st.rules = orderRules
	givens := 0
	for _, v := range cells {
		if v != 0 {
			givens++
		}
	}
	if givens < 17 {
		// Fewer than 17 givens never make a unique puzzle (McGuire, Tugemann
		// and Civario, 2012): many answers, which the order finds fast, or
		// none. The walk takes over if the order runs out of budget.
		w.budget = sparseBudget
		root := st
		if a := w.dfs(&root, pr, path); a != nil || w.r.Err != nil || w.budget > 0 {
			w.r.Answer = a
			if a != nil {
				w.r.Found = 1
			}
			return
		}
	}
	for {
		if !w.look() {
			return
		}
		if !permPropagate(&st, path) {
			return // the options left of the path had no answer
		}
		if st.solved[0]&st.solved[1]&st.solved[2] == s9Band {
			w.r.Found, w.r.Answer = 1, st.answer()
			if w.traced() {
				pr.Found()
			}
			return
		}
		b, k := st.cell()
		ds, n := st.digits(b, k)
		// The last option needs no question: the order goes on into it
		// when the others have no answer.
		next := ds[n-1]
		var guide []int16
		var right []permState
		for _, d := range ds[:n-1] {
			s, a := w.ask(&st, b, d, k, pr, path)
			if a != nil || w.r.Err != nil {
				w.r.Answer = a
				if a != nil {
					w.r.Found = 1
				}
				return
			}
			if s.found > 0 {
				next, guide, right = d, s.answer, s.right
				break
			}
		}
		if !w.decide() {
			return
		}
		st.placeOne(b, next, k)
		if w.traced() {
			pr.Enter(cellLabel(27*b+int(k), 9, next+1))
			w.open++
		}
		if guide != nil {
			if a := w.follow(&st, guide, right, pr, path); a != nil {
				w.r.Found, w.r.Answer = 1, a
			}
			return
		}
	}
}

// ask asks the permutation search whether digit d in cell k of band b
// of st has an answer, keeping the options it leaves untried on the way
// to the first. When the search finds it with few failures, the option
// is easy, as on grids with many answers, and the order itself searches
// it within a budget. a is the order's first answer there, the one
// sought, when the search left no other option or the order found it
// within the budget. w.r.Err is set when the search had to stop.
func (w *orderWalk[C]) ask(st *permState, b, d int, k uint, pr, path *trace.Probe[C]) (s permSearch[C], a []int16) {
	if !w.decide() {
		return s, nil
	}
	child := w.stack.push(st)
	defer w.stack.pop()
	child.placeOne(b, d, k)
	// The search's rules have yet to see every digit.
	child.pending, child.segDirty, child.rules = s9Field, 1, w.cfg.rules
	s = w.question(1)
	s.record, s.right = true, w.stack.right[:0]
	s.enterCell(pr, b, d, k)
	s.search(child, pr)
	s.leave(pr, 1)
	w.stack.right = s.right // the room it grew to, for the next question
	w.r.Nodes += s.nodes
	if s.err != nil {
		w.r.Err = s.err
		return s, nil
	}
	switch {
	case s.found > 0 && len(s.right) == 0:
		// It left no option untried: its answer is the only one there.
		a = s.answer
	case s.found > 0 && s.fails*8 <= s.visits && w.decide():
		w.budget = easyBudget * s.visits
		option := w.stack.push(st)
		option.placeOne(b, d, k)
		s.enterCell(pr, b, d, k)
		a = w.dfs(option, pr, path)
		w.stack.pop()
		s.leave(pr, 1)
	}
	return s, a
}

// follow walks the order's path from st, which has the answer guide
// below it; every other answer below st lies below one of the states
// right. It returns the order's first answer, or nil with w.r.Err set
// when the search had to stop. Once right is empty, guide is the only
// answer left, and so the order's first.
func (w *orderWalk[C]) follow(st *permState, guide []int16, right []permState, pr, path *trace.Probe[C]) []int16 {
	for len(right) > 0 {
		if !w.look() {
			return nil
		}
		if !permPropagate(st, path) || st.solved[0]&st.solved[1]&st.solved[2] == s9Band {
			break // propagation cannot fail above an answer; solved is guide
		}
		b, k := st.cell()
		g := int(guide[27*b+int(k)]) - 1
		ds, n := st.digits(b, k)
		next, fresh := g, false
		for _, d := range ds[:n] {
			if d == g {
				break
			}
			has, ok := w.rightHas(right, b, d, k, pr)
			if !ok {
				return nil
			}
			if !has {
				continue
			}
			// Rare: another answer left of the guide. The options before d
			// have none; a question finds an answer in d, the new guide.
			s, a := w.ask(st, b, d, k, pr, path)
			if a != nil || w.r.Err != nil {
				return a
			}
			next, guide, right, fresh = d, s.answer, s.right, true
			break
		}
		if !w.decide() {
			return nil
		}
		st.placeOne(b, next, k)
		if w.traced() {
			pr.Enter(cellLabel(27*b+int(k), 9, next+1))
			w.open++
		}
		if !fresh {
			// Keep the right siblings on the path: narrow them by the
			// step taken and drop those it empties.
			live := right[:0]
			for _, r := range right {
				if r.cand[9*b+next]>>k&1 == 0 {
					continue
				}
				if !w.look() {
					return nil
				}
				r.placeOne(b, next, k)
				if permPropagate(&r, pr) {
					live = append(live, r)
				}
			}
			right = live
		}
	}
	return guide
}

// rightHas reports whether digit d in cell k of band b leaves an answer in
// one of the states right, or ok false with w.r.Err set when the search
// had to stop.
func (w *orderWalk[C]) rightHas(right []permState, b, d int, k uint, pr *trace.Probe[C]) (has, ok bool) {
	for i := range right {
		r := &right[i]
		if r.cand[9*b+d]>>k&1 == 0 {
			continue
		}
		if !w.decide() {
			return false, false
		}
		q := w.stack.push(r)
		q.placeOne(b, d, k)
		s := w.question(1)
		if w.traced() {
			pr.Enter(cellLabel(27*b+int(k), 9, d+1) + " right of the path")
		}
		s.search(q, pr)
		w.stack.pop()
		s.leave(pr, 1)
		w.r.Nodes += s.nodes
		if s.err != nil {
			w.r.Err = s.err
			return false, false
		}
		if s.found > 0 {
			return true, true
		}
	}
	return false, true
}

// sparseBudget is the states the order may propagate on a grid with
// fewer than 17 givens before the walk takes over.
const sparseBudget = 256

// easyBudget is how many times the states a question propagated the
// order may propagate on an easy option before the walk goes on: on grids
// with few givens the order needs about as many as the permutation
// search.
const easyBudget = 4

// orderWalk is the walk of a search counting into a trace.Probe[C]: its
// state is a walkState, which a scratch keeps whatever C is.
type orderWalk[C trace.Counts] walkState

// walkState is the walk's count of nodes and its limits.
type walkState struct {
	tick     poll.Ticker
	r        Result
	maxNodes int64
	budget   int64 // the states dfs may still propagate
	cfg      permConfig
	stack    *states
	tracing  bool // the walk's Probe records the tree
	open     int  // the decisions of the path, when tracing
}

// traced reports whether the walk records its tree: never when it
// counts nothing.
func (w *orderWalk[C]) traced() bool { return counting[C]() && w.tracing }

// question returns a permutation search of at most limit answers in the
// nodes left.
func (w *orderWalk[C]) question(limit int) permSearch[C] {
	return permSearch[C]{permConfig: w.cfg, stack: w.stack, tracing: w.tracing, tick: &w.tick, limit: limit, maxNodes: w.maxNodes - w.r.Nodes}
}

// leave closes, when tracing, the *open decisions of the path.
func (w *orderWalk[C]) leave(pr *trace.Probe[C], open *int) {
	if w.traced() {
		leaveN(pr, *open)
	}
}

// decide counts a decision, reporting false (with r.Err set) when the
// walk has made all it may or the context is done; the decision is not
// made then.
func (w *orderWalk[C]) decide() bool {
	if w.r.Nodes >= w.maxNodes {
		w.r.Err = ErrNodeLimit
		return false
	}
	w.r.Nodes++
	return w.look()
}

// look counts a step of work, reporting false (with r.Err set) when the
// context is done.
func (w *orderWalk[C]) look() bool {
	if !w.tick.Tick() {
		w.r.Err = w.tick.Err()
		return false
	}
	return true
}

// dfs is the order itself from st, returning its first answer there, or
// nil when there is none, when budget runs out first (then budget is 0)
// or when w.r.Err is set. pr records its decisions, path counts its cuts.
func (w *orderWalk[C]) dfs(st *permState, pr, path *trace.Probe[C]) []int16 {
	open := 0
	defer w.leave(pr, &open)
	for {
		if w.budget == 0 || !w.look() {
			return nil
		}
		w.budget--
		if !permPropagate(st, path) {
			return nil
		}
		if st.solved[0]&st.solved[1]&st.solved[2] == s9Band {
			if w.traced() {
				pr.Found()
			}
			return st.answer()
		}
		b, k := st.cell()
		ds, n := st.digits(b, k)
		for _, d := range ds[:n-1] {
			if !w.decide() {
				return nil
			}
			child := w.stack.push(st)
			child.placeOne(b, d, k)
			w.enter(pr, b, d, k)
			a := w.dfs(child, pr, path)
			w.stack.pop()
			if w.traced() {
				pr.Leave()
			}
			if a != nil || w.budget == 0 || w.r.Err != nil {
				return a
			}
		}
		if !w.decide() {
			return nil
		}
		st.placeOne(b, ds[n-1], k)
		w.enter(pr, b, ds[n-1], k)
		open++
	}
}

// enter opens, when tracing, the decision of digit d in cell k of band b.
func (w *orderWalk[C]) enter(pr *trace.Probe[C], b, d int, k uint) {
	if w.traced() {
		pr.Enter(cellLabel(27*b+int(k), 9, d+1))
	}
}
