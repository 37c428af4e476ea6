package puzzlesat

import (
	"fmt"
	"io"
	"strings"
	"time"

	searchx "github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Stats reports the work one solve or count did, the same way for every
// backend: the counters a backend does not have stay zero.
type Stats struct {
	Backend Backend
	Time    time.Duration // wall time of the run

	// The DFS backend's work.
	Nodes int64 // search nodes visited
	// Cuts counts how often each pruning that was on acted, in the
	// order of the kind's Prunings: with Options.CountCuts or a Tree,
	// else nil.
	Cuts []Cut

	// The SAT backend's work, summed over every query it asked.
	Vars, Clauses int   // the largest formula
	Solves        int   // calls of the solver
	Conflicts     int64 // where the solver reports them
	Decisions     int64
	Propagations  int64
	// Winner names the SAT solver that answered the solves ("gini",
	// "cadical(in-process)" for CaDiCaL linked in, "cadical" for the
	// program), or, when several did in a portfolio, each with its
	// count, most first ("gini:9,cadical:3").
	Winner string
	// Picked names the engines that the solver auto picked, with the
	// rule that picked each ("cadical(sudoku-36-49)", or with counts
	// when several: "cadical(cake-bound):1,gini(cake-cubes):1"); "" for
	// another solver.
	Picked string
	// Proofs lists the negative answers certified by a checked proof
	// (Options.Proof), in order.
	Proofs []solver.ProofCheck

	// Parts holds the stats of each backend of a Both or Race run, DFS
	// first; nil otherwise.
	Parts []Stats
	// Won is the backend that won a Race run.
	Won Backend
	// Agreed reports, for a Both run, that the two backends gave the
	// same answer or count, or both no answer.
	Agreed bool
	// Cancelled reports, for a part of a Race run, that the run was
	// stopped because the other settled the instance first: its Time
	// and counters are up to then.
	Cancelled bool
}

// String prints the counters of the backend that ran that are not zero,
// such as "dfs 1.25ms nodes=42 cuts=memo:3", or for Both and Race the
// two parts separated by "; ", after "both agree:" when they agreed,
// and "race won by sat:" with "cancelled after" before the time of the
// part that lost. Times are rounded to the microsecond and spelled as
// time.Duration spells them ("µs"). Format's %+v prints every counter,
// zeros included.
func (s Stats) String() string { return s.text(false) }

// Format implements fmt.Formatter: %+v prints every counter, zeros
// included; any other verb prints String.
func (s Stats) Format(f fmt.State, verb rune) {
	io.WriteString(f, s.text(verb == 'v' && f.Flag('+')))
}

// text returns s as String prints it, with the zero counters when all.
func (s Stats) text(all bool) string {
	if len(s.Parts) > 0 {
		parts := make([]string, len(s.Parts))
		for i, p := range s.Parts {
			parts[i] = p.text(all)
		}
		text := strings.Join(parts, "; ")
		switch {
		case s.Backend == Race:
			text = fmt.Sprintf("race won by %v: %s", s.Won, text)
		case s.Agreed:
			text = "both agree: " + text
		}
		return text
	}
	var b strings.Builder
	b.WriteString(s.Backend.String())
	if s.Cancelled {
		b.WriteString(" cancelled after")
	}
	fmt.Fprintf(&b, " %v", s.Time.Round(time.Microsecond))
	counter := func(name string, v int64) {
		if v != 0 || all {
			fmt.Fprintf(&b, " %s=%d", name, v)
		}
	}
	if s.Backend == DFS {
		counter("nodes", s.Nodes)
		b.WriteString(cutsText(s.Cuts, all))
		return b.String()
	}
	counter("vars", int64(s.Vars))
	counter("clauses", int64(s.Clauses))
	counter("solves", int64(s.Solves))
	counter("conflicts", s.Conflicts)
	counter("decisions", s.Decisions)
	if all {
		counter("propagations", s.Propagations)
	}
	if s.Winner != "" {
		b.WriteString(" winner=" + s.Winner)
	}
	if s.Picked != "" {
		b.WriteString(" auto=" + s.Picked)
	}
	counter("proofs", int64(len(s.Proofs)))
	return b.String()
}

// Cut is how often one pruning of the DFS acted in a run: the
// branches it cut, the values it removed or the states it refused, as
// the pruning's Counts says.
type Cut struct {
	Pruning string
	Count   int64
}

// cutsText returns " cuts=name:count,..." for the cuts that are not zero,
// or all of them with all, or "" for none.
func cutsText(cuts []Cut, all bool) string {
	var b strings.Builder
	for _, c := range cuts {
		if c.Count == 0 && !all {
			continue
		}
		if b.Len() == 0 {
			b.WriteString(" cuts=")
		} else {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%s:%d", c.Pruning, c.Count)
	}
	return b.String()
}

// dfsStats converts the DFS backend's counters: the cuts of the
// prunings of ps that set keeps on.
func dfsStats(st searchx.Stats, ps []technique.Pruning, set technique.Set) Stats {
	out := Stats{Backend: DFS, Nodes: st.Nodes}
	if st.Cuts == nil {
		return out // not counted
	}
	out.Cuts = make([]Cut, 0, len(ps))
	bits := set.Bits(func() []technique.Pruning { return ps })
	for i := range ps { // by index: a Pruning is 15 words, copied by range
		if !bits.Has(i) {
			continue
		}
		var n int64
		if i < len(st.Cuts) {
			n = st.Cuts[i]
		}
		out.Cuts = append(out.Cuts, Cut{ps[i].Name, n})
	}
	return out
}

// satStats converts the SAT backend's counters.
func satStats(st solver.Stats) Stats {
	return Stats{
		Backend: SAT, Vars: st.Vars, Clauses: st.Clauses, Solves: st.Solves,
		Conflicts: st.Conflicts, Decisions: st.Decisions, Propagations: st.Propagations,
		Winner: st.Winner(), Picked: st.Picked(), Proofs: st.Proofs,
	}
}

// merge returns the stats of a Both run from its parts.
func merge(parts []Stats) Stats {
	st := Stats{Backend: Both, Parts: parts}
	for _, p := range parts {
		st.Time += p.Time
		st.Nodes += p.Nodes
		st.Cuts = append(st.Cuts, p.Cuts...)
		st.Vars, st.Clauses = max(st.Vars, p.Vars), max(st.Clauses, p.Clauses)
		st.Solves += p.Solves
		st.Conflicts += p.Conflicts
		st.Decisions += p.Decisions
		st.Propagations += p.Propagations
		if p.Winner != "" {
			st.Winner = p.Winner
		}
		if p.Picked != "" {
			st.Picked = p.Picked
		}
		st.Proofs = append(st.Proofs, p.Proofs...)
	}
	return st
}
