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
	Nodes int64 // decisions made
	Cuts  []Cut // each pruning's acts, with Options.CountCuts or Tree

	// The SAT backend's work, summed over every query it asked.
	Vars, Clauses int   // the largest formula
	Solves        int   // calls of the solver
	Conflicts     int64 // where the solver reports them
	Decisions     int64
	Propagations  int64
	Winner        string              // the solvers that answered: "gini", "gini:9,cadical:3"
	Picked        string              // what auto picked, and by which rule
	Proofs        []solver.ProofCheck // the checked proofs (Options.Proof)

	// Both and Race runs.
	Parts     []Stats // each backend's, DFS first
	Won       Backend // the winner of a Race
	Agreed    bool    // both backends gave the same answer or count
	Cancelled bool    // this part of a Race was stopped by the other
}

// String prints the counters that are not zero, such as
// "dfs 1.25ms nodes=42 cuts=memo:3", and both parts of Both and Race.
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

// Cut is how often one pruning of the DFS acted in a run.
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
