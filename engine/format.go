package engine

import "fmt"

// byteCount renders as formatBytes when formatted (a lazy explanation
// argument).
type byteCount int

func (b byteCount) String() string { return formatBytes(int(b)) }

// formatBytes renders a byte count for explanations: "812 B", "3.4 KB".
func formatBytes(n int) string {
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.1f KB", float64(n)/1024)
}
