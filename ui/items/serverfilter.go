package items

import (
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/engine/remoteapi"
	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The filter on the server. / filters the rows loaded; F runs a
// FilterExpression over the whole table instead: each Scan page carries
// it, so the pane shows only the items that match, wherever they are in
// the table. The condition is typed as DynamoDB writes it, with values as
// the query builder takes them ("text", 12.5, true, null, {"SS":["a"]}):
//
//	Status = "OPEN" AND Total > 100
//	begins_with(Sku, "BK-") OR attribute_not_exists(Archived)
//
// Every attribute name becomes an ExpressionAttributeNames placeholder
// (so a reserved word such as Status needs no #) and every value an
// ExpressionAttributeValues one. What the Scan reads is said first: a
// filter lowers what comes back, not what is read and charged.

// serverFilter is a FilterExpression with its placeholders.
type serverFilter struct {
	text   string // as typed
	expr   string
	names  map[string]string
	values map[string]model.AttributeValue
}

// filterFunctions are the functions of a condition expression.
var filterFunctions = map[string]bool{"attribute_exists": true, "attribute_not_exists": true, "attribute_type": true,
	"begins_with": true, "contains": true, "size": true}

// filterKeywords are the words of a condition expression that are no
// attribute.
var filterKeywords = map[string]bool{"AND": true, "OR": true, "NOT": true, "BETWEEN": true, "IN": true}

// parseServerFilter turns a condition typed with literal values into a
// FilterExpression with placeholders; the error says what it cannot read.
func parseServerFilter(text string) (*serverFilter, error) {
	sf := &serverFilter{text: text, names: map[string]string{}, values: map[string]model.AttributeValue{}}
	byName := map[string]string{}
	var b strings.Builder
	value := func(av model.AttributeValue) {
		p := ":v" + strconv.Itoa(len(sf.values))
		sf.values[p] = av
		b.WriteString(p)
	}
	s := text
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' {
					j++
				}
			}
			if j >= len(s) {
				return nil, fmt.Errorf("a string without its closing quote: %s", s[i:])
			}
			v, why := kit.Literal(s[i : j+1])
			if why != "" {
				return nil, fmt.Errorf("%s", why)
			}
			value(v)
			i = j + 1
		case c == '{':
			depth, j, inStr := 0, i, false
			for ; j < len(s); j++ {
				switch {
				case inStr && s[j] == '\\':
					j++
				case s[j] == '"':
					inStr = !inStr
				case !inStr && s[j] == '{':
					depth++
				case !inStr && s[j] == '}':
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if j >= len(s) {
				return nil, fmt.Errorf("a DynamoDB JSON value without its closing brace: %s", s[i:])
			}
			v, why := kit.Literal(s[i : j+1])
			if why != "" {
				return nil, fmt.Errorf("%s", why)
			}
			value(v)
			i = j + 1
		case c == '#' || c == ':':
			return nil, fmt.Errorf("write names and values as they are (Status = \"OPEN\"): the placeholders are made for you")
		case c >= '0' && c <= '9' && strings.HasSuffix(strings.TrimRight(s[:i], " "), "["):
			// a list index: a[2]
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			b.WriteString(s[i:j])
			i = j
		case c >= '0' && c <= '9' || c == '-' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i + 1
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' || s[j] == 'e' || s[j] == 'E' || (s[j] == '-' || s[j] == '+') && (s[j-1] == 'e' || s[j-1] == 'E')) {
				j++
			}
			if _, err := strconv.ParseFloat(s[i:j], 64); err != nil {
				return nil, fmt.Errorf("not a number: %s", s[i:j])
			}
			value(model.N(s[i:j]))
			i = j
		case c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			j := i + 1
			for j < len(s) && (s[j] == '_' || s[j] == '-' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			w := s[i:j]
			k := j
			for k < len(s) && s[k] == ' ' {
				k++
			}
			after := i > 0 && s[i-1] == '.'
			switch {
			case !after && filterKeywords[strings.ToUpper(w)]:
				b.WriteString(strings.ToUpper(w))
			case !after && filterFunctions[w] && k < len(s) && s[k] == '(':
				b.WriteString(w)
			case !after && (w == "true" || w == "false"):
				value(model.Bool(w == "true"))
			case !after && w == "null":
				value(model.Null())
			default:
				p, ok := byName[w]
				if !ok {
					p = "#n" + strconv.Itoa(len(byName))
					byName[w] = p
					sf.names[p] = w
				}
				b.WriteString(p)
			}
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	sf.expr = strings.TrimSpace(b.String())
	if sf.expr == "" {
		return nil, fmt.Errorf("type a condition: Status = \"OPEN\" AND Total > 100")
	}
	if len(sf.values) == 0 {
		sf.values = nil
	}
	return sf, nil
}

// request is the filter as the Scan sends it, in one line.
func (sf *serverFilter) request() string {
	parts := []string{"FilterExpression " + sf.expr}
	for _, k := range kit.SortedKeys(sf.names) {
		parts = append(parts, k+"="+sf.names[k])
	}
	for _, k := range kit.SortedKeys(sf.values) {
		parts = append(parts, k+"="+kit.LiteralText(sf.values[k]))
	}
	return strings.Join(parts, " · ")
}

// serverFilterMsg: the user agreed to what the filtered Scan reads.
type serverFilterMsg struct {
	gen int
	sf  *serverFilter
}

// scanCost says what reading the whole target costs: on a remote table
// from the item sizes a first page measured (the description's figures
// are hours old); on the embedded engine from its exact counts. paged:
// the read goes the pane's way, a page of pageSize items at a time, each
// page charged on its own (rounded up to 4 KB); otherwise in 1 MB pages.
func (p *Model) scanCost(paged bool) string {
	var first []model.Item
	more := p.more() || !p.atEnd
	if p.first == 0 && len(p.pages) > 0 {
		first = p.pages[0]
		more = len(p.starts) > 1 || !p.atEnd
	}
	e, err := remoteapi.EstimateScanFromPage(p.tg.Desc, p.tg.Index, first, more)
	if err != nil {
		return ""
	}
	unit := "RCU"
	if e.OnDemand {
		unit = "read request units"
	}
	how := "in 1 MB pages, each rounded up to 4 KB"
	if paged && e.Items > 0 {
		pages := (e.Items + int64(p.pageSize) - 1) / int64(p.pageSize)
		perPage := (e.Bytes/pages + 4095) / 4096
		e.EventualUnits = float64(pages*max(perPage, 1)) / 2
		how = fmt.Sprintf("%s of %d items, each rounded up to 4 KB", kit.Plural(pages, "page", ""), p.pageSize)
	}
	if !kit.IsRemote(p.api) {
		return fmt.Sprintf("Scan of %s on the embedded engine: %s items, %s B, %s: ~%s %s eventually consistent",
			p.tg.Label(), kit.FmtInt(e.Items), kit.FmtInt(e.Bytes), how, kit.FmtUnits(e.EventualUnits), unit)
	}
	if paged {
		return e.String() + fmt.Sprintf("; read %s: ~%s %s", how, kit.FmtUnits(e.EventualUnits), unit)
	}
	return e.String()
}

// askServerFilter says what the filtered Scan reads and asks.
func (p *Model) askServerFilter(sf *serverFilter) tea.Cmd {
	body := []string{sf.request(), ""}
	if c := p.scanCost(true); c != "" {
		body = append(body, c, "")
	}
	body = append(body, "A FilterExpression is applied after the read: every item is read and charged, matching or not. The pane reads "+
		kit.Itoa(p.pageSize)+" items a page and keeps the ones that match; / still filters what it shows. esc clears the filter.")
	return kit.Msg(kit.ConfirmMsg{Title: "Filter " + p.tg.Label() + " on the server?", Yes: "scan with the filter", Body: body,
		Then: serverFilterMsg{gen: p.gen, sf: sf}})
}

// setServerFilter browses the target through sf (nil: all items again).
func (p *Model) setServerFilter(sf *serverFilter) tea.Cmd {
	p.server = sf
	return p.reload()
}

// serverPosition is the position line with a filter on the server: the
// rows that matched of those read.
func (p *Model) serverPosition(top, last, n int) string {
	read, kept := 0, 0
	for _, r := range p.scanned {
		read += r
	}
	for _, l := range p.lens {
		kept += l
	}
	rows := "no rows"
	if n > 0 {
		rows = fmt.Sprintf("rows %d–%d", top+1, last)
	}
	s := fmt.Sprintf("%s · server filter: %s of the %s read match · page %d", rows, kit.FmtInt(int64(kept)), kit.NItems(read), p.pageOf(p.cursor)+1)
	if kit.IsRemote(p.api) {
		s += " · " + kit.Units(p.spent) + " RCU so far"
	}
	return s
}
