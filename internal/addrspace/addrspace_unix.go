//go:build unix

package addrspace

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Limit returns the process's address-space limit in bytes, read once; 0
// when there is none.
func Limit() int64 { return limit() }

var limit = sync.OnceValue(func() int64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= 1<<62 {
		return 0
	}
	return int64(r.Cur)
})

// Used returns the size of the process's address space in bytes, from
// /proc/self/statm; 0 where it cannot be read.
func Used() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	pages, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}
