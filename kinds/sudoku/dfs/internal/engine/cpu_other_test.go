//go:build !unix

package engine

// cpuSeconds returns 0 where the process's CPU time is not at hand.
func cpuSeconds() float64 { return 0 }
