-- ShapeScript for Neovim 0.7+: starts `shapescript-lsp --stdio` for buffers
-- of filetype `shapescript`, without nvim-lspconfig. Uses the 0.7 API
-- (vim.lsp.start_client + vim.lsp.buf_attach_client; 0.7 has no
-- vim.lsp.start). One server per project root, shared by its buffers.
--
--   vim.opt.runtimepath:append('/path/to/shapescript/editors/neovim')
--   require('shapescript').setup({
--     cmd = { 'shapescript-lsp', '--stdio' },   -- or an absolute path
--     on_attach = function(client, bufnr) ... end,
--   })
--
-- See docs/editors.md.

local M = {}

local defaults = {
  -- The server's command line; the first word is looked up on $PATH.
  cmd = { 'shapescript-lsp', '--stdio' },
  -- A file or folder that marks the project root, searched upwards from the
  -- file; without one, the file's own folder is the root.
  root_markers = { '.git' },
  -- Sent as initializationOptions, e.g. { debounceMs = 150 }.
  init_options = {},
  -- Client capabilities (default: vim.lsp.protocol.make_client_capabilities()).
  capabilities = nil,
  -- function(client, bufnr), called for every buffer the server attaches to.
  on_attach = nil,
  -- function(code, signal, client_id), called when the server exits.
  on_exit = nil,
  -- Start tree-sitter highlighting when a `shapescript` parser is on
  -- 'runtimepath' (parser/shapescript.so, see editors/neovim/install.sh).
  treesitter = false,
}

M.config = vim.deepcopy(defaults)

-- root folder -> client id
local clients = {}
local warned = false

local function find_root(path, markers)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  while true do
    for _, marker in ipairs(markers) do
      if vim.loop.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return nil
    end
    dir = parent
  end
end

--- Start tree-sitter highlighting in buffer `bufnr` when the `shapescript`
--- parser is on 'runtimepath'. Returns whether it started.
function M.highlight(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.treesitter.language.add then -- 0.10+: throws, or (0.11) returns nil and an error
    local ok, loaded, err = pcall(vim.treesitter.language.add, 'shapescript')
    if not ok or loaded == false or (loaded == nil and err ~= nil) then
      return false
    end
  elseif not pcall(vim.treesitter.require_language, 'shapescript') then
    return false
  end
  if vim.treesitter.start then -- 0.8+
    return (pcall(vim.treesitter.start, bufnr, 'shapescript'))
  end
  local ok, parser = pcall(vim.treesitter.get_parser, bufnr, 'shapescript')
  if not (ok and parser) then
    return false
  end
  vim.treesitter.highlighter.new(parser) -- 0.7
  return true
end

--- The id of the running client for `root`, starting one when there is none.
local function client_for(root)
  local id = clients[root]
  if id then
    local client = vim.lsp.get_client_by_id(id)
    if client and not client.is_stopped() then
      return id
    end
    clients[root] = nil
  end
  local config = M.config
  local cmd = config.cmd
  if vim.fn.executable(cmd[1]) ~= 1 then
    if not warned then
      warned = true
      vim.notify(
        'shapescript: cannot run `' .. cmd[1] .. '`: put shapescript-lsp on $PATH or pass '
          .. "require('shapescript').setup({ cmd = { '/path/to/shapescript-lsp', '--stdio' } })",
        vim.log.levels.ERROR
      )
    end
    return nil
  end
  id = vim.lsp.start_client({
    name = 'shapescript',
    cmd = cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = config.init_options,
    capabilities = config.capabilities or vim.lsp.protocol.make_client_capabilities(),
    on_attach = config.on_attach,
    on_exit = function(code, signal, client_id)
      if clients[root] == id then
        clients[root] = nil
      end
      if config.on_exit then
        config.on_exit(code, signal, client_id)
      end
    end,
  })
  clients[root] = id
  return id
end

--- Attach the server to buffer `bufnr` (0: the current one).
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.api.nvim_buf_get_option(bufnr, 'buftype') ~= '' then
    return
  end
  if M.config.treesitter then
    M.highlight(bufnr)
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' then
    return
  end
  local root = find_root(name, M.config.root_markers) or vim.fn.fnamemodify(name, ':p:h')
  local id = client_for(root)
  if id and not vim.lsp.buf_is_attached(bufnr, id) then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- Configure, and attach to `shapescript` buffers from now on (and to those
--- already open). Calling it again replaces the configuration.
function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  for _, key in ipairs({ 'cmd', 'root_markers' }) do
    if opts and opts[key] then
      M.config[key] = opts[key] -- lists: replaced, not merged by index
    end
  end
  local group = vim.api.nvim_create_augroup('shapescript_lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'shapescript',
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.api.nvim_buf_get_option(bufnr, 'filetype') == 'shapescript' then
      M.attach(bufnr)
    end
  end
end

return M
