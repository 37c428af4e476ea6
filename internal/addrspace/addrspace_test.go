package addrspace

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUsed: the address space in use is read on Linux, and is larger
// than the heap the test holds.
func TestUsed(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/self/statm is Linux's")
	}
	hold := make([]byte, 64<<20)
	require.Greater(t, Used(), int64(len(hold)))
	require.GreaterOrEqual(t, Limit(), int64(0))
	runtime.KeepAlive(hold)
}
