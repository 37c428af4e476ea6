package compare

import (
	"bufio"
	"encoding/json"
	"io"
)

// Record is one instance and one backend as WriteJSON writes them. The
// field names are stable: scripts read them.
type Record struct {
	Kind      string           `json:"kind"`      // the puzzle kind, such as "sudoku"
	File      string           `json:"file"`      // the input file as named on the command line
	Case      int              `json:"case"`      // 1-based instance number within the file
	Size      int              `json:"size"`      // the kind's size of the instance; 0 when the kind has none
	Backend   string           `json:"backend"`   // "dfs", "sat", ...
	Status    Status           `json:"status"`    // how the run ended: solved, no_solution, timeout, too_large, wrong_answer, error
	Answer    string           `json:"answer"`    // the printed answer when solved, else ""
	Seconds   float64          `json:"seconds"`   // wall time of the run, up to the timeout for a timeout
	Nodes     int64            `json:"nodes"`     // DFS search nodes
	Cuts      map[string]int64 `json:"cuts"`      // DFS: how often each pruning that was on acted, by name; {} for SAT
	Conflicts int64            `json:"conflicts"` // SAT conflicts
	Decisions int64            `json:"decisions"` // SAT decisions
	Vars      int              `json:"vars"`      // SAT variables of the largest formula
	Clauses   int              `json:"clauses"`   // SAT clauses of the largest formula
	Solves    int              `json:"solves"`    // SAT solver calls
	Result    Result           `json:"result"`    // the instance's result over all backends: solved, no_solution, differ, unknown
	Agreement string           `json:"agreement"` // agree, differ, or n/a when fewer than two runs were definite
	Winner    bool             `json:"winner"`    // this run was the instance's fastest definite run
	Error     string           `json:"error"`     // the error of a failed run, else ""
}

// Records flattens instances into one record per instance and backend,
// in instance order and then backend order.
func Records(kind string, ins []Instance) []Record {
	var out []Record
	for i := range ins {
		in := &ins[i]
		res, agree, win := in.Result(), in.Agreement(), in.Winner()
		for b, r := range in.Runs {
			out = append(out, Record{
				Kind: kind, File: in.File, Case: in.Case, Size: in.Size,
				Backend: r.Backend, Status: r.Status, Answer: r.Answer, Seconds: r.Time.Seconds(),
				Nodes: r.Nodes, Cuts: cutMap(r.Cuts), Conflicts: r.Conflicts, Decisions: r.Decisions,
				Vars: r.Vars, Clauses: r.Clauses, Solves: r.Solves,
				Result: res, Agreement: agree, Winner: b == win, Error: r.Err,
			})
		}
	}
	return out
}

// cutMap returns the cuts by pruning, an empty map for none.
func cutMap(cuts []Cut) map[string]int64 {
	m := make(map[string]int64, len(cuts))
	for _, c := range cuts {
		m[c.Pruning] = c.Count
	}
	return m
}

// WriteJSON writes the records of ins as one JSON array, one record per
// line.
func WriteJSON(w io.Writer, kind string, ins []Instance) error {
	return writeLines(w, Records(kind, ins))
}

// writeLines writes records as one JSON array, one record per line.
func writeLines[R any](w io.Writer, records []R) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("[")
	for i, r := range records {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		bw.Write(b)
	}
	bw.WriteString("\n]\n")
	return bw.Flush()
}
