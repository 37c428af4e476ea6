// Package compare holds what "puzzlesat compare" measures, every backend
// on every instance, and turns it into a table, JSON records and plots. It
// runs nothing itself: the command solves, this package reports.
package compare

import (
	"time"
)

// Status is how one backend's run on one instance ended.
type Status string

// The statuses, as the table and the JSON records print them.
const (
	Solved     Status = "solved"       // an answer that passed Verify
	NoSolution Status = "no_solution"  // the backend proved there is none
	Timeout    Status = "timeout"      // --timeout ran out first
	TooLarge   Status = "too_large"    // the formula would exceed --budget
	Wrong      Status = "wrong_answer" // an answer that failed Verify: a bug
	Failed     Status = "error"        // any other error
)

// Definite reports whether the run settled the instance: an answer, or a
// proof that there is none.
func (s Status) Definite() bool { return s == Solved || s == NoSolution }

// Run is one backend's run on one instance.
type Run struct {
	Backend string
	Status  Status
	Answer  string        // the printed answer when Solved, without its final newline
	Err     string        // the error of a Failed or Wrong run
	Time    time.Duration // the median over its repeats, when an ablation repeats it
	Paired  time.Duration // an ablation's: the median time of its default's runs interleaved with its own
	Repeats int           // an ablation's: how many times it ran

	Nodes                 int64 // DFS search nodes
	Cuts                  []Cut // DFS: how often each pruning that was on acted
	Conflicts, Decisions  int64 // SAT solver work, where the solver reports it
	Vars, Clauses, Solves int   // SAT formula size (the largest) and solver calls
}

// Cut is how often one pruning of the DFS acted in a run.
type Cut struct {
	Pruning string
	Count   int64
}

// Instance is one instance with the runs of every backend, in the order
// the backends were named.
type Instance struct {
	File string
	Case int // 1-based within File
	Size int // the kind's size of the instance, 0 when the kind has none
	Runs []Run
}

// Result is what the backends found about an instance together.
type Result string

// The results.
const (
	Found      Result = "solved"      // every definite run gave the same answer
	None       Result = "no_solution" // every definite run proved there is none
	Disagree   Result = "differ"      // the definite runs differ
	Unresolved Result = "unknown"     // no run was definite
)

// Result compares the definite runs of in. Answers are compared as
// printed, so two valid answers of a puzzle with several solutions
// differ.
func (in *Instance) Result() Result {
	var first *Run
	for i := range in.Runs {
		r := &in.Runs[i]
		switch {
		case !r.Status.Definite():
		case first == nil:
			first = r
		case r.Status != first.Status || r.Answer != first.Answer:
			return Disagree
		}
	}
	switch {
	case first == nil:
		return Unresolved
	case first.Status == NoSolution:
		return None
	}
	return Found
}

// Agreement says whether the definite runs agree: "agree" or "differ"
// when two or more runs are definite, "n/a" when fewer are.
func (in *Instance) Agreement() string {
	n := 0
	for _, r := range in.Runs {
		if r.Status.Definite() {
			n++
		}
	}
	switch {
	case n < 2:
		return "n/a"
	case in.Result() == Disagree:
		return "differ"
	}
	return "agree"
}

// Winner returns the index of the fastest definite run, the first named
// on a tie, or -1 when no run is definite.
func (in *Instance) Winner() int {
	w := -1
	for i, r := range in.Runs {
		if r.Status.Definite() && (w < 0 || r.Time < in.Runs[w].Time) {
			w = i
		}
	}
	return w
}
