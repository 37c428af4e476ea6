package dfs

import (
	"context"
	"fmt"
	"slices"

	"github.com/puzzlesat/puzzlesat/internal/poll"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// The cuts of SticksChapter, indexed as in SticksChapterPrunings and in
// its cut counts.
const (
	sticksChDivisors = iota
	sticksChLongestFirst
	sticksChIndexOrder
	sticksChEqualSkip
	sticksChFirstPiece
	sticksChLastPiece
	sticksChCuts // the number of cuts
)

// SticksChapterPrunings returns the cuts of SticksChapter, the chapter's
// six, numbered as it numbers them, every one on by default. One count is
// one iteration of a loop, or one call, that the cut's condition ended
// where the puzzle's rules (a piece is used once, a stick is not
// overfilled) would have gone on; a cut that orders counts the choices it
// made.
func SticksChapterPrunings() []technique.Pruning {
	return []technique.Pruning{
		sticksChDivisors: {Name: "divisors", Category: technique.Feasibility, Chapter: "1", Counts: "lengths skipped",
			Doc: "only lengths that divide the total are searched (off: every length from the longest piece up, for ceil(total/L) sticks)"},
		sticksChLongestFirst: {Name: "longest-first", Category: technique.Order, Chapter: "2", Counts: "pieces tried, in its order",
			Doc: "the pieces are sorted longest first, and tried in that order (off: shortest first)"},
		sticksChIndexOrder: {Name: "index-order", Category: technique.Redundancy, Chapter: "3.1", Counts: "pieces before the last one taken",
			Doc: "a stick takes its pieces in the sort order: the loop starts after the last piece taken (off: at the first piece)"},
		sticksChEqualSkip: {Name: "equal-skip", Category: technique.Redundancy, Chapter: "3.2", Counts: "equal pieces skipped",
			Doc: "once a piece failed, the unused pieces of its length are skipped, when the loop goes on"},
		sticksChFirstPiece: {Name: "first-piece", Category: technique.Redundancy, Chapter: "3.3", Counts: "calls ended",
			Doc: "when a stick's first piece fails, the call fails: the sticks left are alike, and that piece must start one"},
		sticksChLastPiece: {Name: "last-piece", Category: technique.Redundancy, Chapter: "3.4", Counts: "calls ended",
			Doc: "when a piece that closes its stick fails, the call fails: smaller pieces in its place cannot do better"},
	}
}

// SticksChapter returns the smallest stick length into which the pieces
// of p can be joined, with the sticks as a certificate, by the chapter's
// program (0x23, AcWing 167), step by step: lengths from the longest piece
// up; for each, dfs fills the sticks one after another with the pieces,
// sorted longest first, each stick taking them in index order. run switches
// the cuts of SticksChapterPrunings. Where the listing slips, the search
// follows the text's cuts: the recursive call passes i+1 as cut 3.1 says
// (the listing has last+1), and cut 3.2's scan over equal lengths runs to
// the last piece (the listing stops one short).
//
// Stats.Nodes counts the calls of dfs over every length tried. It returns
// ctx.Err() when ctx is done first, and puzzle.ErrNoSolution for a block
// without pieces or outside 1..2^30 and 2^20 pieces.
func SticksChapter(ctx context.Context, p sticks.Instance, run search.Run) (sticks.Answer, search.Stats, error) {
	if run.Counting() {
		return sticksChapterRun[trace.Counted](ctx, p, run)
	}
	return sticksChapterRun[trace.Uncounted](ctx, p, run)
}

// sticksChapterRun is SticksChapter counting into a trace.Probe[C].
func sticksChapterRun[C trace.Counts](ctx context.Context, p sticks.Instance, run search.Run) (sticks.Answer, search.Stats, error) {
	n := len(p.Pieces)
	if n == 0 || n > sticksMaxPieces || slices.ContainsFunc(p.Pieces, func(v int) bool { return uint(v-1) >= sticksMaxPiece }) {
		return sticks.Answer{}, search.Stats{}, puzzle.ErrNoSolution
	}
	s := &sticksChapter[C]{ctx: ctx, tick: poll.New(ctx), n: n}
	s.on = run.Prunings.Bits(SticksChapterPrunings)
	s.probe.Start(run.Sink)
	// a[1..n], as the listing's, and a[n+1] past the end.
	s.a = make([]int, n+2)
	copy(s.a[1:], p.Pieces)
	slices.Sort(s.a[1 : n+1])
	if s.on.Has(sticksChLongestFirst) {
		slices.Reverse(s.a[1 : n+1])
	}
	s.v = make([]int, n+2)
	s.stick = make([]int, n+2)
	for _, x := range p.Pieces {
		s.sum += x
	}
	a, err := s.lengths(slices.Max(p.Pieces))
	return a, search.Stats{Nodes: s.tick.Steps(), Cuts: s.probe.Counts(sticksChCuts)}, err
}

// sticksChapter is the state of the chapter's sticks program: its globals.
type sticksChapter[C trace.Counts] struct {
	ctx   context.Context
	tick  poll.Ticker // counts the calls of dfs
	probe trace.Probe[C]
	on    technique.Bits

	n, sum, len, cnt int
	a                []int // the pieces, a[1..n], sorted
	v                []int // v[i] is set when piece i is in a stick
	stick            []int // the stick piece i is in, while v[i] is set
	tried            int   // the pieces tried at this length, for longest-first
}

// lengths tries the lengths from the longest piece up and returns the
// answer at the first that fits.
func (s *sticksChapter[C]) lengths(longest int) (sticks.Answer, error) {
	for s.len = longest; s.len <= s.sum; s.len++ {
		if s.sum%s.len != 0 && s.on.Has(sticksChDivisors) {
			s.probe.Cut(sticksChDivisors)
			if s.probe.Tracing() {
				s.probe.Why(sticksChDivisors, fmt.Sprintf("L=%d: %d is not a multiple of %d", s.len, s.sum, s.len))
			}
			if s.len%poll.Every == 0 && s.ctx.Err() != nil {
				return sticks.Answer{}, s.ctx.Err()
			}
			continue
		}
		// Without divisors, a length that does not divide the total
		// cannot fill its last stick, and fails after the search.
		s.cnt = (s.sum + s.len - 1) / s.len
		s.tried = 0
		if s.probe.Tracing() {
			s.probe.Enter(fmt.Sprintf("L=%d: %d sticks", s.len, s.cnt))
		}
		ok := s.dfs(1, 0, 1)
		s.ordered()
		if s.probe.Tracing() {
			s.probe.Leave()
		}
		if err := s.tick.Err(); err != nil {
			return sticks.Answer{}, err
		}
		if ok {
			return s.answer(), nil
		}
	}
	return sticks.Answer{}, fmt.Errorf("sticks: no length up to the total %d fits, which one stick of every piece does", s.sum)
}

// ordered counts the pieces that longest-first tried at the length just
// searched, as one leaf under it: an order ends nothing.
func (s *sticksChapter[C]) ordered() {
	if !s.on.Has(sticksChLongestFirst) {
		return
	}
	s.probe.CutN(sticksChLongestFirst, s.tried)
	if s.probe.Tracing() {
		s.probe.Why(sticksChLongestFirst, trace.Plural(s.tried, "piece", "pieces")+" tried, longest first")
	}
}

// answer returns the sticks that the last successful search filled.
func (s *sticksChapter[C]) answer() sticks.Answer {
	made := make([][]int, s.cnt)
	for i := 1; i <= s.n; i++ {
		k := s.stick[i] - 1
		made[k] = append(made[k], s.a[i])
	}
	return sticks.Answer{Length: s.len, Sticks: made}
}

// dfs is the listing's: it fills stick number stick (from 1), s of which
// is filled, the last piece put into it being before index last, and
// then the sticks after it.
func (s *sticksChapter[C]) dfs(stick, filled, last int) bool {
	if !s.tick.Tick() {
		return false
	}
	if stick > s.cnt {
		s.probe.Found()
		return true
	}
	if filled == s.len {
		return s.down(fmt.Sprintf("stick %d closed", stick), stick+1, 0, 1)
	}
	from := 1
	if s.on.Has(sticksChIndexOrder) {
		from = last
		s.before(filled, last)
	}
	a, v := s.a, s.v
	for i := from; i <= s.n; i++ {
		if v[i] != 0 || filled+a[i] > s.len {
			continue // the piece is used, or does not fit: the puzzle's rules
		}
		s.tried++
		v[i], s.stick[i] = 1, stick
		label := ""
		if s.probe.Tracing() {
			label = fmt.Sprintf("stick %d: +%d = %d", stick, a[i], filled+a[i])
		}
		if s.down(label, stick, filled+a[i], i+1) {
			return true
		}
		v[i] = 0
		if s.tick.Err() != nil {
			return false
		}
		j, skipped := i+1, 0
		if s.on.Has(sticksChEqualSkip) {
			for j <= s.n && a[i] == a[j] {
				if v[j] == 0 {
					skipped++
				}
				j++
			}
		}
		i = j - 1
		// The longest piece left must start some stick, and the
		// sticks left are alike: if it fails starting this one, it
		// fails anyway.
		if filled == 0 && s.on.Has(sticksChFirstPiece) {
			s.cut(sticksChFirstPiece, "first piece %d of stick %d failed", a[i], stick)
			return false
		}
		// A piece that closed the stick and failed: pieces that make up
		// its length in its place leave the same sticks to fill, with
		// fewer choices.
		if filled+a[i] == s.len && s.on.Has(sticksChLastPiece) {
			s.cut(sticksChLastPiece, "%d closed stick %d and failed", a[i], stick)
			return false
		}
		if skipped > 0 {
			s.probe.CutN(sticksChEqualSkip, skipped)
			if s.probe.Tracing() {
				s.probe.Why(sticksChEqualSkip, fmt.Sprintf("%s of length %d", trace.Plural(skipped, "more piece", "more pieces"), a[i]))
			}
		}
	}
	return false
}

// before counts the pieces that index-order leaves out of a loop starting
// at last: those not used that fit.
func (s *sticksChapter[C]) before(filled, last int) {
	n := 0
	for i := 1; i < last; i++ {
		if s.v[i] == 0 && filled+s.a[i] <= s.len {
			n++
		}
	}
	if n > 0 {
		s.probe.CutN(sticksChIndexOrder, n)
		if s.probe.Tracing() {
			s.probe.Why(sticksChIndexOrder, trace.Plural(n, "piece", "pieces")+" before the last one taken")
		}
	}
}

// cut counts one act of cut k, which ended a call, and says why.
func (s *sticksChapter[C]) cut(k int, format string, args ...any) {
	s.probe.Cut(k)
	if s.probe.Tracing() {
		s.probe.Why(k, fmt.Sprintf(format, args...))
	}
}

// down calls dfs, as a decision of the traced tree labelled label.
func (s *sticksChapter[C]) down(label string, stick, filled, last int) bool {
	if !s.probe.Tracing() {
		return s.dfs(stick, filled, last)
	}
	s.probe.Enter(label)
	ok := s.dfs(stick, filled, last)
	s.probe.Leave()
	return ok
}
