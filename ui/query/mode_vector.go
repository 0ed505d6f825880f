package query

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dynoscope/dynoscope/model"
	"github.com/dynoscope/dynoscope/ui/kit"
)

// The Vector mode (August 2026): a SearchVectors request on a vector index
// of the table on screen. Its rows are the index (the table's vector
// indexes, ←/→), the search vector (typed or pasted as a JSON list of
// numbers, or a list of DynamoDB Numbers; or taken from an item by 2 Items'
// "more like this", SearchLike), the partition value when the index's
// search schema has a HASH attribute (every search must name one), TopK,
// a SearchConditionExpression filter with its #names and :values, and a
// projection. The results are a grid, best first, each row with its score
// and a bar; the capacity is the vector search request bytes, itemised by
// the engine; under them the AWS CLI line, and L shows the request as a Go,
// Python or JavaScript program (vector_view.go, vector_cli.go).

// Vector mode rows.
const (
	vrMode = iota
	vrIndex
	vrVector
	vrPartition
	vrTopK
	vrFilter
	vrNames
	vrValues
	vrProjection
	vrRun
	vrRows
)

// partitionName and partitionValue are the placeholders of the partition
// row's condition, "#vpart = :vpart", ANDed before the filter.
const (
	partitionName  = "#vpart"
	partitionValue = ":vpart"
)

// vecState is the vector search being built.
type vecState struct {
	index      string // the vector index chosen
	vector     kit.Field
	partition  kit.Field
	topK       kit.Field
	filter     kit.Field
	names      kit.Field
	values     kit.Field
	projection kit.Field
	from       string // where the vector came from: "FilmId film-0001 (Embedding)"
	row        int    // a row of the form, or vrRows+i on result i
	rtop       int
	colOff     int // the results' first attribute column shown (←/→ on a result)
	note       string
	noteBad    bool
	res        *vecResult
}

// vecResult is what a search returned and cost.
type vecResult struct {
	in    *model.SearchVectorsInput
	hits  []model.SearchResultItem
	bytes *float64
	lines []string
	err   *model.Error
	g     kit.Grid
	tg    kit.Target
	dist  string
}

// vecMsg is the result of a search.
type vecMsg struct {
	gen int
	res *vecResult
}

// vecIndex is the vector index chosen, nil when the table has none.
func (q *Model) vecIndex() *model.VectorIndexDescription {
	return kit.Target{Desc: q.desc, Index: q.vec.index}.Vector()
}

// vecFollow chooses the vector index of t when t is one, else keeps the
// one chosen when the table still has it, else the table's first.
func (q *Model) vecFollow(t kit.Target) {
	if t.Vector() != nil {
		q.vec.index = t.Index
		return
	}
	if q.vecIndex() != nil {
		return
	}
	q.vec.index = ""
	if names := kit.VectorIndexNames(q.desc); len(names) > 0 {
		q.vec.index = names[0]
	}
	if q.vec.row >= vrRows {
		q.vec.row = vrIndex
	}
}

// vecRowShown reports whether row r of the form applies: the partition
// row only on an index with a HASH search attribute.
func (q *Model) vecRowShown(r int) bool {
	if r == vrPartition {
		v := q.vecIndex()
		return v != nil && model.SearchHash(v.SearchSchema) != ""
	}
	return true
}

// vecField is the text field of row r, or nil.
func (q *Model) vecField(r int) *kit.Field {
	switch r {
	case vrVector:
		return &q.vec.vector
	case vrPartition:
		return &q.vec.partition
	case vrTopK:
		return &q.vec.topK
	case vrFilter:
		return &q.vec.filter
	case vrNames:
		return &q.vec.names
	case vrValues:
		return &q.vec.values
	case vrProjection:
		return &q.vec.projection
	}
	return nil
}

// vecResultIndex is the result under the cursor, or -1.
func (q *Model) vecResultIndex() int {
	if q.vec.row < vrRows || q.vec.res == nil {
		return -1
	}
	return q.vec.row - vrRows
}

// vecMove moves the cursor n rows over the rows shown and the results.
func (q *Model) vecMove(n int) {
	last := vrRun
	if r := q.vec.res; r != nil && r.err == nil {
		last += len(r.hits)
	}
	step := 1
	if n < 0 {
		step, n = -1, -n
	}
	for ; n > 0; n-- {
		next := q.vec.row + step
		for next > vrMode && next < vrRows && !q.vecRowShown(next) {
			next += step
		}
		if next < 0 || next > last {
			break
		}
		q.vec.row = next
	}
}

// vecCycle changes the choice under the cursor: the mode, or the index;
// on a result it scrolls the results' attribute columns.
func (q *Model) vecCycle(dir int) tea.Cmd {
	if q.vecResultIndex() >= 0 {
		q.vec.colOff = max(0, min(q.vec.colOff+dir, q.vec.res.g.MaxColOff(max(q.w-scoreWidth, 20))))
		return nil
	}
	switch q.vec.row {
	case vrMode:
		return q.SetMode(q.nextMode(dir))
	case vrIndex:
		names := kit.VectorIndexNames(q.desc)
		if len(names) == 0 {
			return nil
		}
		i := 0
		for j, n := range names {
			if n == q.vec.index {
				i = j
			}
		}
		q.vec.index = names[(i+dir+len(names))%len(names)]
		q.vec.note = ""
	}
	return nil
}

// ParseSearchVector reads a search vector as typed or pasted: a JSON list
// of numbers ([0.1, 2, -3e-2]), or of DynamoDB Numbers ([{"N":"0.1"}, …],
// as an item's vector attribute is written), or a DynamoDB List
// ({"L":[…]}). Each number keeps its text, as DynamoDB's N does.
func ParseSearchVector(text string) ([]model.AttributeValue, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, fmt.Errorf("type or paste the search vector: a JSON list of numbers, or press s on an item in 2 Items (more like this)")
	}
	if strings.HasPrefix(text, "{") {
		var l struct{ L []json.RawMessage }
		if err := json.Unmarshal([]byte(text), &l); err != nil || l.L == nil {
			return nil, fmt.Errorf("the search vector is a JSON list of numbers ([0.1, 0.2, …]) or a DynamoDB List ({\"L\": […]})")
		}
		b, _ := json.Marshal(l.L)
		text = string(b)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return nil, fmt.Errorf("the search vector is a JSON list of numbers ([0.1, 0.2, …]): %v", err)
	}
	out := make([]model.AttributeValue, 0, len(raw))
	for i, r := range raw {
		var n json.Number
		if err := json.Unmarshal(r, &n); err == nil {
			out = append(out, model.N(n.String()))
			continue
		}
		var av struct{ N *string }
		if err := json.Unmarshal(r, &av); err == nil && av.N != nil {
			out = append(out, model.N(*av.N))
			continue
		}
		return nil, fmt.Errorf("element %d of the search vector is not a number: %s", i, string(r))
	}
	return out, nil
}

// vecBuild makes the SearchVectors request the form describes. It
// refuses only what the form can tell before sending (no index, an
// unreadable vector, TopK or placeholders, no partition value); the rest
// goes to DynamoDB, whose message shows verbatim.
func (q *Model) vecBuild() (*model.SearchVectorsInput, *refusal) {
	if q.desc == nil {
		return nil, refuse("choose a table first")
	}
	v := q.vecIndex()
	if v == nil {
		return nil, refuse("%s has no vector index: i in the sidebar adds one (on-demand tables)", q.desc.TableName)
	}
	vector, err := ParseSearchVector(q.vec.vector.String())
	if err != nil {
		return nil, refuse("%s", err.Error())
	}
	topK := int64(10)
	if s := strings.TrimSpace(q.vec.topK.String()); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, refuse("TopK must be a whole number (got %q)", s)
		}
		topK = n
	}
	names, r := parseNames(q.vec.names.String())
	if r != nil {
		return nil, r
	}
	values, r := parseValues(q.vec.values.String())
	if r != nil {
		return nil, r
	}
	index := v.IndexName
	in := &model.SearchVectorsInput{TableName: q.desc.TableName, IndexName: &index, SearchVector: vector, TopK: &topK,
		ProjectionExpression: strings.TrimSpace(q.vec.projection.String()), ReturnConsumedCapacity: model.ReturnCapacityTotal}
	var conds []string
	if h := model.SearchHash(v.SearchSchema); h != "" {
		text := q.vec.partition.String()
		if strings.TrimSpace(text) == "" {
			return nil, refuse("the index is partitioned by %s: every search names its value (the partition row)", h)
		}
		if _, dup := names[partitionName]; dup {
			return nil, refuse("%s is the partition row's placeholder: name yours otherwise", partitionName)
		}
		if _, dup := values[partitionValue]; dup {
			return nil, refuse("%s is the partition row's placeholder: name yours otherwise", partitionValue)
		}
		val, r := keyValue(h, kit.TableTarget(q.desc).AttrType(h), text)
		if r != nil {
			return nil, r
		}
		if names == nil {
			names = map[string]string{}
		}
		if values == nil {
			values = map[string]model.AttributeValue{}
		}
		names[partitionName], values[partitionValue] = h, val
		conds = append(conds, partitionName+" = "+partitionValue)
	}
	if f := strings.TrimSpace(q.vec.filter.String()); f != "" {
		conds = append(conds, f)
	}
	if len(conds) > 0 {
		c := strings.Join(conds, " AND ")
		in.SearchConditionExpression = &c
	}
	if len(names) > 0 {
		in.ExpressionAttributeNames = names
	}
	if len(values) > 0 {
		in.ExpressionAttributeValues = values
	}
	return in, nil
}

// vecRun sends the search, or refuses it before sending.
func (q *Model) vecRun() tea.Cmd {
	in, r := q.vecBuild()
	if r != nil {
		q.vec.note, q.vec.noteBad = "refused before sending: "+r.why, true
		return nil
	}
	q.vec.note, q.vec.noteBad = "", false
	q.running = true
	q.gen++
	rec := q.record(in) // kept in the history (history.go)
	gen, api, tg := q.gen, q.api, kit.Target{Desc: q.desc, Index: *in.IndexName}
	dist := ""
	if v := tg.Vector(); v != nil {
		dist = v.DistanceFunction
	}
	return tea.Batch(rec, func() tea.Msg {
		res := &vecResult{in: in, tg: tg, dist: dist}
		out, err := api.SearchVectors(context.Background(), in)
		if err != nil {
			res.err = kit.AsModelError(err)
			return vecMsg{gen: gen, res: res}
		}
		res.hits = out.SearchResults
		if out.ConsumedCapacity != nil {
			res.bytes = out.ConsumedCapacity.VectorSearchRequestBytes
		}
		res.lines = out.Explain
		items := make([]model.Item, len(res.hits))
		for i, h := range res.hits {
			items[i] = h.Item
		}
		res.g = kit.NewGrid(kit.TableTarget(tg.Desc), items, nil)
		return vecMsg{gen: gen, res: res}
	})
}

// vecLoad shows a SearchVectors request in the form (a lesson's, a
// pattern's).
func (q *Model) vecLoad(in *model.SearchVectorsInput) {
	q.vec = vecState{row: vrVector}
	if in.IndexName != nil {
		q.vec.index = *in.IndexName
	}
	q.vecFollow(q.target())
	b := []byte{'['}
	for i, e := range in.SearchVector {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, e.N...)
	}
	q.vec.vector.Set(string(append(b, ']')))
	if in.TopK != nil {
		q.vec.topK.Set(strconv.FormatInt(*in.TopK, 10))
	}
	q.vec.projection.Set(in.ProjectionExpression)
	names := map[string]string{}
	for k, v := range in.ExpressionAttributeNames {
		names[k] = v
	}
	values := map[string]model.AttributeValue{}
	for k, v := range in.ExpressionAttributeValues {
		values[k] = v
	}
	cond := ""
	if in.SearchConditionExpression != nil {
		cond = *in.SearchConditionExpression
	}
	// the partition's equality goes to its row when it is written first
	if v := q.vecIndex(); v != nil {
		if h := model.SearchHash(v.SearchSchema); h != "" {
			cond = q.takePartition(h, cond, names, values)
		}
	}
	q.vec.filter.Set(cond)
	q.vec.names.Set(namesText(names))
	q.vec.values.Set(valuesText(values))
}

// takePartition finds "h = :v" (or "#n = :v" with #n naming h) at the
// start of cond, puts :v's value in the partition row and returns the
// rest of the condition, with the placeholders it used removed.
func (q *Model) takePartition(h, cond string, names map[string]string, values map[string]model.AttributeValue) string {
	first, rest, _ := strings.Cut(cond, " AND ")
	lhs, rhs, ok := strings.Cut(first, "=")
	if !ok {
		return cond
	}
	lhs, rhs = strings.TrimSpace(lhs), strings.TrimSpace(rhs)
	if names[lhs] != h && lhs != h {
		return cond
	}
	v, ok := values[rhs]
	if !ok {
		return cond
	}
	q.vec.partition.Set(kit.Cell(v))
	delete(values, rhs)
	if lhs != h {
		delete(names, lhs)
	}
	return strings.TrimSpace(rest)
}

// namesText writes ExpressionAttributeNames as the #names row takes them.
func namesText(m map[string]string) string {
	var parts []string
	for _, k := range kit.SortedKeys(m) {
		parts = append(parts, k+" = "+m[k])
	}
	return strings.Join(parts, ", ")
}

// valuesText writes ExpressionAttributeValues as the :values row takes
// them (DynamoDB JSON, which it reads back exactly).
func valuesText(m map[string]model.AttributeValue) string {
	var parts []string
	for _, k := range kit.SortedKeys(m) {
		parts = append(parts, k+" = "+string(model.AppendJSON(nil, m[k])))
	}
	return strings.Join(parts, ", ")
}

// SearchLike fills the form with an item's vector and, when the index is
// partitioned, the item's partition value ("more like this" from 2
// Items), and runs the search. It answers with a note when the item has no
// vector an index of the table can take.
func (q *Model) SearchLike(tg kit.Target, item model.Item) tea.Cmd {
	q.switchTo(kit.TableTarget(tg.Desc))
	q.alt = ModeVector
	q.vecFollow(tg)
	q.lang = 0
	keyOnly := model.Item{}
	for _, n := range tg.TableKeyNames() {
		if v, ok := item[n]; ok && n != "" {
			keyOnly[n] = v
		}
	}
	key := kit.KeyText(keyOnly, tg.TableKeyNames()...)
	chosen := q.vecIndex()
	var pick *model.VectorIndexDescription
	for i := range tg.Desc.VectorIndexes {
		v := &tg.Desc.VectorIndexes[i]
		if a, ok := item[v.VectorAttribute.AttributeName]; ok && a.Type == model.TypeL && int64(len(a.L)) == v.Dimensions {
			if pick == nil || v == chosen {
				pick = v
			}
		}
	}
	if pick == nil {
		q.vec.note, q.vec.noteBad = "more like this: "+key+" has no vector any vector index of "+tg.Table()+" takes (it is left out of them, as a sparse index leaves out items without its key)", true
		return nil
	}
	q.vec.index = pick.IndexName
	vec := item[pick.VectorAttribute.AttributeName]
	b := []byte{'['}
	for i, e := range vec.L {
		if i > 0 {
			b = append(b, ", "...)
		}
		if e.Type == model.TypeN {
			b = append(b, e.N...)
		} else {
			b = model.AppendJSON(b, e)
		}
	}
	q.vec.vector.Set(string(append(b, ']')))
	if h := model.SearchHash(pick.SearchSchema); h != "" {
		q.vec.partition.Set(kit.Cell(item[h]))
	}
	q.vec.from = key + " (" + pick.VectorAttribute.AttributeName + ")"
	q.vec.row, q.editing = vrRun, false
	return q.vecRun()
}

// vecUpdate handles the messages of the Vector mode; ok is false for what
// the pane handles alike in every mode (a program shown, a pattern being
// named, the clipboard, a saved pattern).
func (q *Model) vecUpdate(msg tea.Msg) (tea.Cmd, bool) {
	if m, ok := msg.(vecMsg); ok {
		if m.gen == q.gen {
			q.running = false
			q.vec.res = m.res
			q.vec.rtop, q.vec.colOff = 0, 0
			if q.vec.row >= vrRows {
				q.vec.row = vrRun
			}
		}
		return nil, true
	}
	if q.alt != ModeVector || q.naming || q.lang > 0 || q.hist.naming || q.hist.list.open {
		return nil, false
	}
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if f := q.vecField(q.vec.row); f != nil {
			q.editing = true
			f.Paste(msg.Content)
			q.vecEdited()
		}
		return nil, true
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			q.vecMove(-1)
		case tea.MouseWheelDown:
			q.vecMove(1)
		}
		return nil, true
	case tea.KeyPressMsg:
		if cmd, ok := q.histKey(msg); ok { // the history's keys (history.go)
			return cmd, true
		}
		if q.editing {
			return q.vecEditKey(msg), true
		}
		return q.vecKey(msg), true
	}
	return nil, false
}

// vecEdited follows an edit: the vector typed is no longer an item's.
func (q *Model) vecEdited() {
	q.vec.note, q.vec.noteBad = "", false
	if q.vec.row == vrVector {
		q.vec.from = ""
	}
}

// vecEditKey handles a key while a field has the keyboard.
func (q *Model) vecEditKey(msg tea.KeyPressMsg) tea.Cmd {
	k := q.vecKeyMap()
	switch {
	case key.Matches(msg, k.Run):
		q.editing = false
		return q.vecRun()
	case key.Matches(msg, k.Done):
		q.editing = false
	case key.Matches(msg, k.PrevField):
		q.editing = false
		q.vecMove(-1)
	case key.Matches(msg, k.NextField):
		q.editing = false
		q.vecMove(1)
	default:
		if f := q.vecField(q.vec.row); f != nil {
			before := f.String()
			if f.Update(msg) && f.String() != before {
				q.vecEdited()
			}
		}
	}
	return nil
}

// vecKey handles a key on the form or the results.
func (q *Model) vecKey(msg tea.KeyPressMsg) tea.Cmd {
	k := q.vecKeyMap()
	switch {
	case key.Matches(msg, k.Mode):
		return q.SetMode(q.nextMode(1))
	case key.Matches(msg, k.ModeBack):
		return q.SetMode(q.nextMode(-1))
	case key.Matches(msg, k.Up):
		q.vecMove(-1)
	case key.Matches(msg, k.Down):
		q.vecMove(1)
	case key.Matches(msg, k.PageUp):
		q.vecMove(-q.page())
	case key.Matches(msg, k.PageDown):
		q.vecMove(q.page())
	case key.Matches(msg, k.Top):
		q.vec.row = vrMode
	case key.Matches(msg, k.Bottom):
		q.vecMove(1 << 20)
	case key.Matches(msg, k.Open):
		return q.vecOpen()
	case key.Matches(msg, k.Edit):
		if q.vecField(q.vec.row) != nil {
			q.editing = true
		}
	case key.Matches(msg, k.Cycle):
		return q.vecCycle(1)
	case key.Matches(msg, k.CycleBack):
		return q.vecCycle(-1)
	case key.Matches(msg, k.Accept) && q.vec.row == vrRun:
		return q.vecRun()
	case key.Matches(msg, k.Accept):
		return q.vecCycle(1)
	case key.Matches(msg, k.Run):
		return q.vecRun()
	case key.Matches(msg, k.CopyCLI):
		return q.copyCode()
	case key.Matches(msg, k.CodeLang):
		q.nextLang()
	case key.Matches(msg, k.SavePattern):
		return q.savePattern()
	}
	return nil
}

// vecOpen opens the result under the cursor in the item view: the whole
// item is read there by its table key.
func (q *Model) vecOpen() tea.Cmd {
	i, res := q.vecResultIndex(), q.vec.res
	if i < 0 || res == nil || i >= len(res.hits) {
		return nil
	}
	it := res.hits[i].Item
	for _, k := range res.tg.TableKeyNames() {
		if k != "" && it[k].Type == 0 {
			q.vec.note, q.vec.noteBad = "this result has no "+k+": the projection left out the key, so the item cannot be opened", true
			return nil
		}
	}
	return kit.Msg(kit.OpenItemMsg{Target: kit.TableTarget(res.tg.Desc), Item: it})
}

// vecKeyMap enables the bindings that apply where the cursor is.
func (q *Model) vecKeyMap() keys {
	k := q.keys
	isText := q.vecField(q.vec.row) != nil
	onResult := q.vecResultIndex() >= 0
	isChoice := q.vec.row == vrMode || q.vec.row == vrIndex || onResult
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom, &k.CopyCLI, &k.Mode, &k.ModeBack, &k.CodeLang} {
		b.SetEnabled(!q.editing)
	}
	for _, b := range []*key.Binding{&k.ScanMode, &k.AddAction, &k.RemoveAction, &k.Complete, &k.NextPage} {
		b.SetEnabled(false)
	}
	k.Edit.SetEnabled(isText && !q.editing)
	k.Done.SetEnabled(q.editing)
	k.Cycle.SetEnabled(isChoice && !q.editing)
	k.CycleBack.SetEnabled(isChoice && !q.editing)
	k.Open.SetEnabled(!q.editing && onResult)
	k.SavePattern.SetEnabled(!q.editing)
	if q.editing {
		k.Run.SetKeys("ctrl+r")
		k.Run.SetHelp("ctrl+r", "run")
	}
	k.CodeLang.SetHelp("L", "code")
	k.SavePattern.SetHelp("P", "save pattern")
	return k
}

// vecShortHelp is the mode's keys for the help line.
func (q *Model) vecShortHelp() []key.Binding {
	k := q.vecKeyMap()
	return []key.Binding{k.Up, k.Down, k.Edit, k.Done, k.Cycle, k.Run, k.Open, k.Mode, k.CopyCLI, k.CodeLang, k.SavePattern}
}

// vecFullHelp is every key of the mode.
func (q *Model) vecFullHelp() [][]key.Binding {
	k := q.vecKeyMap()
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Edit, k.Done, k.Cycle, k.CycleBack},
		{k.Run, k.Open, k.Mode, k.ModeBack, k.CopyCLI}, {k.CodeLang, k.SavePattern}}
}

// VectorRequest is the search the Vector mode would send, or why there is
// none (for tests and the root).
func (q *Model) VectorRequest() (*model.SearchVectorsInput, string) {
	in, r := q.vecBuild()
	if r != nil {
		return nil, r.why
	}
	return in, ""
}

// VectorResult is the last search's hits and the vector search request
// bytes it consumed (nil before a search, or when it failed: the error).
func (q *Model) VectorResult() ([]model.SearchResultItem, *float64, *model.Error) {
	if q.vec.res == nil {
		return nil, nil, nil
	}
	return q.vec.res.hits, q.vec.res.bytes, q.vec.res.err
}
