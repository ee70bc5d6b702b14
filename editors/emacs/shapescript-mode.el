;;; shapescript-mode.el --- Major mode for ShapeScript, a typed tensor language  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; `shapescript-mode' for `.ss' files: `#' comments and double-quoted
;; strings, highlighting of keywords, element types and numbers, and
;; indentation (4 columns after a line ending in `:', one level deeper for a
;; line starting with `|>', which continues the expression above).
;;
;; With eglot (built into Emacs 29, a package before), `M-x eglot' in a
;; ShapeScript buffer starts the language server, `shapescript-lsp --stdio'
;; (see `shapescript-lsp-program'); add
;;
;;   (add-hook 'shapescript-mode-hook #'eglot-ensure)
;;
;; to start it for every file.  On Emacs 29+ built with tree-sitter, and with
;; the `shapescript' grammar installed, `shapescript-ts-mode' highlights from
;; the syntax tree.  See docs/editors.md.

;;; Code:

(defgroup shapescript nil
  "ShapeScript, a typed tensor language."
  :group 'languages
  :prefix "shapescript-")

(defcustom shapescript-lsp-program "shapescript-lsp"
  "The ShapeScript language server.
A name looked up on `exec-path', or an absolute file name."
  :type 'string
  :group 'shapescript)

(defcustom shapescript-lsp-arguments '("--stdio")
  "Arguments of `shapescript-lsp-program'."
  :type '(repeat string)
  :group 'shapescript)

(defcustom shapescript-indent-offset 4
  "Columns of indentation for a block and for a `|>' continuation line."
  :type 'integer
  :safe #'integerp
  :group 'shapescript)

;;;; Syntax

(defvar shapescript-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?' "." table)   ; no single-quoted strings
    (modify-syntax-entry ?_ "_" table)
    (dolist (c '(?+ ?- ?* ?/ ?% ?< ?> ?= ?| ?! ?@ ?& ?? ?. ?, ?:))
      (modify-syntax-entry c "." table))
    table)
  "Syntax table of `shapescript-mode'.")

;;;; Highlighting

(defconst shapescript-keywords
  '("fn" "model" "data" "dim" "devices" "export" "extern" "import" "python"
    "return" "if" "elif" "else" "for" "in" "as" "and" "or" "not" "mut" "over")
  "ShapeScript's keywords.")

(defconst shapescript-constants '("true" "false" "inf")
  "ShapeScript's literal names.")

(defconst shapescript-types
  '("f32" "bf16" "f16" "f64" "i32" "i64" "Index" "Mask" "Logit" "Prob" "LogProb"
    "int" "float" "bool" "str")
  "Element and value types.")

(defconst shapescript-number-regexp
  (concat "\\_<[0-9][0-9_]*"
          "\\(?:\\.[0-9][0-9_]*\\)?"
          "\\(?:[eE][-+]?[0-9][0-9_]*\\)?")
  "A number: `768', `1_000', `0.02', `1e-5'; also the coefficient of `16gh'.")

(defvar shapescript-font-lock-keywords
  `((,(regexp-opt shapescript-keywords 'symbols) . font-lock-keyword-face)
    (,(regexp-opt shapescript-constants 'symbols) . font-lock-constant-face)
    (,(regexp-opt shapescript-types 'symbols) . font-lock-type-face)
    ("\\_<fn[ \t]+\\(\\(?:\\sw\\|\\s_\\)+\\)" 1 font-lock-function-name-face)
    ("\\_<\\(?:model\\|data\\)[ \t]+\\(\\(?:\\sw\\|\\s_\\)+\\)" 1 font-lock-type-face)
    ("\\_<dim[ \t]+\\(\\(?:\\sw\\|\\s_\\)+\\)" 1 font-lock-constant-face)
    (,shapescript-number-regexp . font-lock-constant-face))
  "Highlighting of `shapescript-mode'.")

;;;; Indentation

(defun shapescript--blank-or-comment-line-p ()
  "Non-nil when the line at point holds nothing but spaces or a comment."
  (save-excursion
    (beginning-of-line)
    (looking-at-p "[ \t]*\\(?:#.*\\)?$")))

(defun shapescript--previous-code-line ()
  "Move to the start of the closest line above with code; nil at the top."
  (let (found)
    (while (and (not found) (zerop (forward-line -1)))
      (unless (shapescript--blank-or-comment-line-p)
        (setq found t)))
    found))

(defun shapescript--continuation-line-p ()
  "Non-nil when the line at point starts with `|>'."
  (save-excursion
    (back-to-indentation)
    (looking-at-p "|>")))

(defun shapescript--statement-start ()
  "Move to the first line of the statement on the line at point.
A statement spans lines inside brackets and the `|>' lines below it."
  (let ((again t))
    (while again
      (setq again nil)
      (beginning-of-line)
      (let ((open (nth 1 (syntax-ppss))))
        (when open
          (goto-char open)
          (beginning-of-line)
          (setq again t)))
      (when (and (shapescript--continuation-line-p)
                 (save-excursion (shapescript--previous-code-line)))
        (shapescript--previous-code-line)
        (setq again t)))))

(defun shapescript--code-end ()
  "The position after the last character of code on the line at point."
  (save-excursion
    (end-of-line)
    (let ((comment (nth 8 (syntax-ppss))))
      (when (and comment (eq (char-after comment) ?#))
        (goto-char comment)))
    (skip-chars-backward " \t")
    (point)))

(defun shapescript--opens-block-p ()
  "Non-nil when the line at point ends in `:' outside brackets."
  (let ((end (shapescript--code-end)))
    (and (> end (line-beginning-position))
         (eq (char-before end) ?:)
         (not (nth 1 (save-excursion (syntax-ppss end)))))))

(defun shapescript--calculate-indentation ()
  "The column the line at point should start at."
  (save-excursion
    (beginning-of-line)
    (let* ((ppss (syntax-ppss))
           (open (nth 1 ppss)))
      (cond
       ;; Inside a string: leave it.
       ((nth 3 ppss) (current-indentation))
       ;; Inside brackets: one level deeper than the line that opened them,
       ;; and the closing bracket back at that line's column.
       (open
        (let ((closing (save-excursion
                         (back-to-indentation)
                         (looking-at-p "[])]")))
              (base (save-excursion
                      (goto-char open)
                      (shapescript--statement-start)
                      (current-indentation))))
          (if closing base (+ base shapescript-indent-offset))))
       (t
        (let ((continuation (shapescript--continuation-line-p))
              (comment (shapescript--blank-or-comment-line-p))
              (keyword (save-excursion
                         (back-to-indentation)
                         (and (looking-at "\\(elif\\|else\\)\\_>") (match-string 1))))
              (previous (save-excursion
                          (when (shapescript--previous-code-line) (point)))))
          (if (not previous)
              0
            (goto-char previous)
            (cond
             ;; `|>' (or a comment) after a `|>' line: the same column.
             ((and (or continuation comment) (shapescript--continuation-line-p))
              (current-indentation))
             (continuation
              (shapescript--statement-start)
              (+ (current-indentation) shapescript-indent-offset))
             ((shapescript--opens-block-p)
              (shapescript--statement-start)
              (+ (current-indentation) shapescript-indent-offset))
             (t
              (shapescript--statement-start)
              (let ((column (current-indentation)))
                (cond
                 (keyword (shapescript--if-column column))
                 ;; A block ends with its `return'.
                 ((looking-at-p "[ \t]*return\\_>")
                  (max 0 (- column shapescript-indent-offset)))
                 (t column))))))))))))

(defun shapescript--if-column (column)
  "The column of the `if' or `elif' that an `elif' or `else' below belongs to.
COLUMN is the indentation of the statement above; point is on it."
  (let (found)
    (save-excursion
      (while (and (not found) (shapescript--previous-code-line))
        (let ((indent (current-indentation)))
          (when (and (< indent column)
                     (not (shapescript--continuation-line-p))
                     (not (nth 1 (syntax-ppss))))
            (if (looking-at-p "[ \t]*\\(?:if\\|elif\\)\\_>")
                (setq found indent)
              (setq column indent))))))
    (or found (max 0 (- column shapescript-indent-offset)))))

(defun shapescript-indent-line ()
  "Indent the line at point as ShapeScript."
  (interactive)
  (let ((column (shapescript--calculate-indentation))
        (offset (- (current-column) (current-indentation))))
    (indent-line-to column)
    (when (> offset 0) (forward-char offset))))

;;;; The mode

;;;###autoload
(define-derived-mode shapescript-mode prog-mode "ShapeScript"
  "Major mode for ShapeScript files.

\\{shapescript-mode-map}"
  :syntax-table shapescript-mode-syntax-table
  :group 'shapescript
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local comment-end "")
  (setq-local font-lock-defaults '(shapescript-font-lock-keywords))
  (setq-local indent-line-function #'shapescript-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local tab-width 8)
  (setq-local electric-indent-chars (cons ?: electric-indent-chars)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.ss\\'" . shapescript-mode))

;;;; The language server, through eglot

(defvar eglot-server-programs)

(defun shapescript-eglot-contact (&optional _interactive)
  "The command line that eglot runs for the ShapeScript language server."
  (cons shapescript-lsp-program shapescript-lsp-arguments))

;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '(((shapescript-mode :language-id "shapescript")
                  (shapescript-ts-mode :language-id "shapescript"))
                 . shapescript-eglot-contact)))

;;;; Tree-sitter (Emacs 29+)

(when (and (fboundp 'treesit-available-p) (treesit-available-p))
  (declare-function treesit-ready-p "treesit.c")
  (declare-function treesit-parser-create "treesit.c")
  (declare-function treesit-font-lock-rules "treesit")
  (declare-function treesit-major-mode-setup "treesit")

  (defvar shapescript-ts-font-lock-rules
    '(:language shapescript :feature comment
      ((comment) @font-lock-comment-face)
      :language shapescript :feature string
      ((string) @font-lock-string-face)
      :language shapescript :feature keyword
      (["fn" "return" "if" "elif" "else" "for" "in" "and" "or" "not" "import"
        "python" "model" "data" "export" "extern" "mut" "dim" "devices" "over"]
       @font-lock-keyword-face)
      :language shapescript :feature constant
      ([(true) (false) (inf)] @font-lock-constant-face
       (dim_declaration name: (identifier) @font-lock-constant-face))
      :language shapescript :feature number
      ([(integer) (float)] @font-lock-number-face)
      :language shapescript :feature type
      ((named_type name: (identifier) @font-lock-type-face))
      :language shapescript :feature definition
      ((function_definition name: (identifier) @font-lock-function-name-face)))
    "Arguments of `treesit-font-lock-rules' for `shapescript-ts-mode'.")

  ;;;###autoload
  (define-derived-mode shapescript-ts-mode shapescript-mode "ShapeScript[ts]"
    "Major mode for ShapeScript, highlighted from the tree-sitter grammar.
Needs the `shapescript' grammar: see `treesit-install-language-grammar'."
    (when (treesit-ready-p 'shapescript)
      (treesit-parser-create 'shapescript)
      (setq-local font-lock-defaults nil)
      (setq-local treesit-font-lock-settings
                  (apply #'treesit-font-lock-rules shapescript-ts-font-lock-rules))
      (setq-local treesit-font-lock-feature-list
                  '((comment definition) (keyword string type) (constant number) ()))
      (treesit-major-mode-setup))))

(provide 'shapescript-mode)

;;; shapescript-mode.el ends here
