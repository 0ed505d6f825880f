package kit

// isNameRune reports whether r can be part of a bare attribute or table
// name as a user types it.
func isNameRune(r rune) bool {
	return r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// wordStart is where the name before the cursor starts, at its opening
// double quote when it has one.
func (f *Field) wordStart() (int, bool) {
	i := f.pos
	for i > 0 && isNameRune(f.value[i-1]) {
		i--
	}
	if i > 0 && f.value[i-1] == '"' {
		return i - 1, true
	}
	return i, false
}

// WordBefore is the name being typed: the letters, digits, _ and - just
// before the cursor, and whether a double quote opens it.
func (f *Field) WordBefore() (word string, quoted bool) {
	i, quoted := f.wordStart()
	if quoted {
		return string(f.value[i+1 : f.pos]), true
	}
	return string(f.value[i:f.pos]), false
}

// TextBefore is the text before the cursor.
func (f *Field) TextBefore() string { return string(f.value[:f.pos]) }

// ReplaceWordBefore replaces the name before the cursor (with its opening
// quote) by s, the cursor after it.
func (f *Field) ReplaceWordBefore(s string) {
	i, _ := f.wordStart()
	r := []rune(s)
	v := make([]rune, 0, len(f.value)-(f.pos-i)+len(r))
	v = append(v, f.value[:i]...)
	v = append(v, r...)
	v = append(v, f.value[f.pos:]...)
	f.value = v
	f.pos = i + len(r)
}
