package puzzlesat

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestStatsText: String leaves out the counters that are zero, %+v
// prints them all; Both says when the backends agreed and Race which
// part the winner cancelled; times are in µs, rounded.
func TestStatsText(t *testing.T) {
	dfs := Stats{Backend: DFS, Time: 1500 * time.Nanosecond, Nodes: 4, Cuts: []Cut{{"memo", 0}, {"skip", 3}}}
	sat := Stats{Backend: SAT, Time: 2 * time.Millisecond, Vars: 10, Clauses: 20, Solves: 1, Decisions: 5, Winner: "gini"}
	both := merge([]Stats{dfs, sat})
	agreed := both
	agreed.Agreed = true
	lost := dfs
	lost.Cancelled = true
	race := merge([]Stats{lost, sat})
	race.Backend, race.Won = Race, SAT
	tests := []struct {
		name      string
		st        Stats
		text, all string
	}{
		{"dfs", dfs, "dfs 2µs nodes=4 cuts=skip:3", "dfs 2µs nodes=4 cuts=memo:0,skip:3"},
		{"dfs, nothing cut", Stats{Backend: DFS, Cuts: []Cut{{"memo", 0}}}, "dfs 0s", "dfs 0s nodes=0 cuts=memo:0"},
		{"sat", sat, "sat 2ms vars=10 clauses=20 solves=1 decisions=5 winner=gini",
			"sat 2ms vars=10 clauses=20 solves=1 conflicts=0 decisions=5 propagations=0 winner=gini proofs=0"},
		{"both", both, "dfs 2µs nodes=4 cuts=skip:3; sat 2ms vars=10 clauses=20 solves=1 decisions=5 winner=gini", ""},
		{"both agree", agreed, "both agree: dfs 2µs nodes=4 cuts=skip:3; sat 2ms vars=10 clauses=20 solves=1 decisions=5 winner=gini", ""},
		{"race", race, "race won by sat: dfs cancelled after 2µs nodes=4 cuts=skip:3; sat 2ms vars=10 clauses=20 solves=1 decisions=5 winner=gini", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.text, tc.st.String())
			require.Equal(t, tc.text, fmt.Sprintf("%v", tc.st))
			require.Equal(t, tc.text, fmt.Sprint(tc.st))
			if tc.all != "" {
				require.Equal(t, tc.all, fmt.Sprintf("%+v", tc.st))
			}
		})
	}
}
