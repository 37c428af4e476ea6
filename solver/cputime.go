package solver

import (
	"os"
	"strconv"
	"strings"
)

// cpuTime is a reading of the machine's CPU time so far, summed over its
// CPUs, in clock ticks: idle (idle or waiting for I/O) and in all, and
// how many CPUs it has.
type cpuTime struct {
	idle, total uint64
	cpus        int
}

// readCPU returns the machine's CPU time from /proc/stat (Linux); ok is
// false where it cannot be read.
func readCPU() (cpuTime, bool) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuTime{}, false
	}
	return parseCPU(string(b))
}

// parseCPU reads a cpuTime from the text of /proc/stat: its first line,
// "cpu user nice system idle iowait irq softirq steal ...", and one
// "cpuN" line per CPU. The time stolen by a hypervisor counts as busy.
func parseCPU(text string) (cpuTime, bool) {
	var t cpuTime
	for i, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.HasPrefix(f[0], "cpu") {
			continue
		}
		if f[0] != "cpu" {
			t.cpus++
			continue
		}
		if i != 0 || len(f) < 9 {
			return cpuTime{}, false
		}
		for j, w := range f[1:9] {
			n, err := strconv.ParseUint(w, 10, 64)
			if err != nil {
				return cpuTime{}, false
			}
			t.total += n
			if j == 3 || j == 4 { // idle, iowait
				t.idle += n
			}
		}
	}
	return t, t.cpus > 0 && t.total > 0
}

// minTicks is the least CPU time, in clock ticks over every CPU (USER_HZ,
// a hundred a second on Linux), between two readings for freeSince to
// tell how idle the machine was.
const minTicks = 5

// freeSince returns how many CPUs of the machine were idle on average
// between the readings a and b, and false when too little time passed
// between them to tell.
func freeSince(a, b cpuTime) (float64, bool) {
	if b.total < a.total+minTicks || b.idle < a.idle || b.cpus != a.cpus {
		return 0, false
	}
	return float64(b.idle-a.idle) / float64(b.total-a.total) * float64(b.cpus), true
}
